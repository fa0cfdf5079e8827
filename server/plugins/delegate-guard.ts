import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NOT_SHARED_DETAIL } from '../../contract/delegates.schema.js';
import { categoriesOfAccess } from '../auth/access.js';
import { categoriesOf } from '../delegates/rules.js';
import { delegateAccess } from '../delegates/sign-in.js';
import { UNAUTHENTICATED } from './session-tokens.js';

/** A view of a category is recorded at most once in this long (the student's list stays readable). */
const VIEW_EVERY_MS = 15 * 60 * 1000;

/**
 * Lets a delegate's request into an API route (issue 73; the token guard asks it, session-guards.ts) or refuses it: 401 without a live delegate
 * session; 403 when no grant is being viewed, it was revoked or ended (the store is read on every
 * request, on every process), or the route shows no category the grant shares. Let in, the request's
 * subject is the student and its actor the delegate (capacity `delegate`), and the view is recorded.
 */
export async function admitDelegate(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  sessionId: string,
) {
  const now = app.clock();
  const access = await delegateAccess(app.repositories, sessionId, now);
  if (!access) return reply.code(401).send(UNAUTHENTICATED);
  const viewing = access.viewing;
  const granted = viewing ? categoriesOf(viewing.grant.categories) : [];
  // The route's own declaration says which categories show it (auth/access.ts).
  const category = categoriesOfAccess(request.routeOptions.config.access).find((c) =>
    granted.includes(c),
  );
  if (!viewing || category === undefined)
    return reply.code(403).send({ detail: NOT_SHARED_DETAIL });
  const { grant, student } = viewing;
  // Who is asking: the scope's acting hook makes the delegate the actor (auth/acting.ts actingOf).
  request.delegating = {
    student,
    delegate: {
      id: access.delegateId,
      name: grant.delegate_name,
      email: grant.delegate_email,
      delegation: grant.id,
      student: student.id,
      categories: granted,
    },
    signedInAt: access.signedInAt,
    session: access.idHash,
  };
  if (request.method === 'GET') {
    await app.repositories.delegations.viewed(
      grant.id,
      category,
      new Date(now.getTime() - VIEW_EVERY_MS),
      now,
    );
  }
  return undefined;
}
