import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDemo } from '../../demo/demo-mode.js';
import { demoContent } from '../../demo/demo-content.js';
import type { ContentSource } from '../../content/source.js';
import { isStaff } from '../../plugins/session.js';
import { userOf } from '../integrations/sis-reply.js';

/** The content this request reads: the demo set while demo mode is on, else the store. */
export function sourceFor(app: FastifyInstance, request: FastifyRequest): ContentSource {
  return isDemo(request) ? demoContent(app.clock()) : app.content;
}

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
  if (isStaff(userOf(request))) return true;
  void reply.code(403).send({ detail: 'Only staff may preview unpublished content.' });
  return null;
}
