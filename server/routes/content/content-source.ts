import type { FastifyReply, FastifyRequest } from 'fastify';
import { accountOf } from '../../auth/acting.js';
import type { PreviewAs } from '../../../contract/content.schema.js';
import type { Role } from '../../../contract/roles.schema.js';
import { mayPreviewUnpublished } from '../../auth/rights.js';

/**
 * portal.md §6: only staff may preview (`published=all`). Answers whether this is a preview, or
 * sends 403 and answers null.
 */
export function previewOf(
  request: FastifyRequest,
  reply: FastifyReply,
  published: 'all' | undefined,
): boolean | null {
  if (published !== 'all') return false;
  if (mayPreviewUnpublished(accountOf(request.actor))) return true;
  void reply.code(403).send({ detail: 'Only staff may preview unpublished content.' });
  return null;
}

/**
 * Staff may see a page as someone of another role sees it (`preview_role`, and
 * `preview_financial=1` for financial dashboard access). Answers whom to show it as (null: as the
 * caller), or sends 403 to anyone else and answers `refused`.
 */
export function previewAsOf(
  request: FastifyRequest,
  reply: FastifyReply,
  role: Role | undefined,
  financial: '1' | undefined,
): PreviewAs | null | 'refused' {
  if (role === undefined) return null;
  if (mayPreviewUnpublished(accountOf(request.actor)))
    return { role, financial_dashboard_access: financial === '1' };
  void reply.code(403).send({ detail: 'Only staff may preview a page as another role sees it.' });
  return 'refused';
}
