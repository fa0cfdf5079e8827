import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuditChanges, AuditDetail } from '../../db/repositories/audit.repository.js';
import type { UserRecord } from '../../db/repositories/users.repository.js';
import { actorRecordOf } from '../../auth/acting.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Records who did what, when. The actor is the request's (`request.actor`, set by the
     * authenticated scope) unless one is given (a sign-out names the user whose session just ended;
     * a failed sign-in names nobody). Someone acting in another capacity than `self` is recorded
     * with it (`capacity` in the detail) and whose record it was (`subject`).
     */
    audit: (
      request: FastifyRequest,
      action: string,
      detail?: AuditDetail,
      actor?: UserRecord | null,
    ) => Promise<void>;
    /**
     * Records an admin change by the request's actor: the object's kind and id, and each field whose
     * value differs between `before` and `after` (null before a creation, null after a deletion).
     */
    auditChange: (request: FastifyRequest, change: AdminChange) => Promise<void>;
  }
}

export interface AdminChange {
  action: string;
  kind: string;
  objectId: string | number;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** The fields that differ, compared by their JSON text (lists and dates included). */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditChanges {
  const changes: AuditChanges = {};
  for (const key of new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])) {
    const was = before?.[key] ?? null;
    const is = after?.[key] ?? null;
    if (JSON.stringify(was) !== JSON.stringify(is)) changes[key] = { before: was, after: is };
  }
  return changes;
}

/**
 * What an audit entry adds when the actor acts in another capacity than `self` (issue 73): the
 * capacity and whose record it was, and for a delegate who they are (their own id and name) and the
 * grant they act under.
 */
function capacityOf(request: FastifyRequest): AuditDetail {
  const { actor, subject } = request;
  if (actor.capacity === 'self') return {};
  const shown = { capacity: actor.capacity, subject: subject.username };
  if (actor.capacity !== 'delegate') return shown;
  const { id, name, delegation } = actor.delegate;
  return { ...shown, delegate: id, delegateName: name, delegation };
}

export default fp(
  async function audit(app: FastifyInstance) {
    const log = app.repositories.audit;
    app.decorate('audit', async (request, action, detail = {}, actor) => {
      const who =
        actor === undefined
          ? actorRecordOf(request.actor)
          : actor && { userId: actor.id, username: actor.username };
      await log.record({
        at: app.clock(),
        userId: who?.userId ?? null,
        username: who?.username ?? null,
        action,
        detail: actor === undefined ? { ...detail, ...capacityOf(request) } : detail,
        address: request.ip,
      });
      request.log.info({ audit: action, user: who?.username, ...detail }, 'audit');
      if (action === 'auth.signIn' || action === 'auth.signInFailed') {
        const method = typeof detail.method === 'string' ? detail.method : 'unknown';
        app.metrics.signIn(method, action === 'auth.signIn' ? 'success' : 'failure');
      }
    });
    app.decorate('auditChange', async (request, change) => {
      const who = actorRecordOf(request.actor);
      await log.record({
        at: app.clock(),
        userId: who.userId,
        username: who.username,
        action: change.action,
        detail: capacityOf(request),
        address: request.ip,
        kind: change.kind,
        objectId: String(change.objectId),
        changes: changedFields(change.before, change.after),
      });
      request.log.info({ audit: change.action, user: who.username, id: change.objectId }, 'audit');
    });
  },
  { name: 'audit', dependencies: ['repositories', 'metrics'] },
);
