import type { FastifyInstance } from 'fastify';
import { inboundAudit, inboundGuard } from '../../inbound/call.js';

/**
 * The inbound API (issue 60): every route is a publisher's, by `Authorization: Bearer cpk_…`, and
 * every call, refused or not, is audited.
 */
export default async function publishersOnly(app: FastifyInstance) {
  app.decorateRequest('inbound', null);
  app.addHook('onRequest', inboundGuard(app));
  app.addHook('onSend', inboundAudit(app));
}
