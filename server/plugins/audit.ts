import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AuditRepository } from '../db/repositories/audit.repository.js';
import type { AuditDetail } from '../db/repositories/audit.repository.js';
import type { UserRecord } from '../db/repositories/users.repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Records who did what, when. The actor is the request's signed-in user unless one is given
     * (a sign-out names the user whose session just ended; a failed sign-in names nobody).
     */
    audit: (
      request: FastifyRequest,
      action: string,
      detail?: AuditDetail,
      actor?: UserRecord | null,
    ) => Promise<void>;
    auditLog: AuditRepository;
  }
}

export default fp(
  async function audit(app: FastifyInstance) {
    const log = new AuditRepository(app.database.db);
    app.decorate('auditLog', log);
    app.decorate('audit', async (request, action, detail = {}, actor) => {
      const who = actor === undefined ? (request.auth?.user ?? null) : actor;
      await log.record({
        at: app.clock(),
        userId: who?.id ?? null,
        username: who?.username ?? null,
        action,
        detail,
        address: request.ip,
      });
      request.log.info({ audit: action, user: who?.username, ...detail }, 'audit');
      if (action === 'auth.signIn' || action === 'auth.signInFailed') {
        const method = typeof detail.method === 'string' ? detail.method : 'unknown';
        app.metrics.signIn(method, action === 'auth.signIn' ? 'success' : 'failure');
      }
    });
  },
  { name: 'audit', dependencies: ['db', 'metrics'] },
);
