import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NOT_SHARED_DETAIL } from '../../contract/delegates.schema.js';
import type { DelegateCategory } from '../../contract/delegates.schema.js';
import type { Delegating } from '../auth/acting.js';
import { categoriesOfAccess } from '../auth/access.js';
import { categoriesOf } from '../delegates/rules.js';
import { delegateAccess } from '../delegates/sign-in.js';
import { UNAUTHENTICATED } from './session-tokens.js';

/** A view of a category is recorded at most once in this long (the student's list stays readable). */
const VIEW_EVERY_MS = 15 * 60 * 1000;

/**
 * The delegate a session signs in, reading the share they chose, when `shows` (the categories of
 * what they ask for) is one the share holds (issue 73): `'signed-out'` without a live delegate
 * session; `'not-shared'` when no grant is being viewed, it was revoked or ended (the store is read
 * on every request, on every process), or it shares none of `shows`. The API's guard and the page
 * the server draws (html/first-answers.ts) both ask it.
 */
export async function delegatingOf(
  app: FastifyInstance,
  sessionId: string,
  shows: (granted: readonly DelegateCategory[]) => DelegateCategory | undefined,
): Promise<{ delegating: Delegating; category: DelegateCategory } | 'signed-out' | 'not-shared'> {
  const access = await delegateAccess(app.repositories, sessionId, app.clock());
  if (!access) return 'signed-out';
  const viewing = access.viewing;
  const granted = viewing ? categoriesOf(viewing.grant.categories) : [];
  const category = shows(granted);
  if (!viewing || category === undefined) return 'not-shared';
  const { grant, student } = viewing;
  const delegating: Delegating = {
    student,
    delegate: {
      id: access.delegateId,
      name: grant.delegate_name,
      email: grant.delegate_email,
      delegation: grant.id,
      student: student.id,
      categories: granted,
      endsAt: new Date(grant.ends_at),
    },
    signedInAt: access.signedInAt,
    session: access.idHash,
  };
  return { delegating, category };
}

/**
 * Lets a delegate's request into an API route (issue 73; the token guard asks it, session-guards.ts) or refuses it: 401 without a live delegate
 * session; 403 when the share they read shows nothing of the route (`delegatingOf`). Let in, the request's
 * subject is the student and its actor the delegate (capacity `delegate`), and the view is recorded.
 */
export async function admitDelegate(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  sessionId: string,
) {
  const now = app.clock();
  // The route's own declaration says which categories show it (auth/access.ts).
  const shows = categoriesOfAccess(request.routeOptions.config.access);
  const found = await delegatingOf(app, sessionId, (granted) =>
    shows.find((c) => granted.includes(c)),
  );
  if (found === 'signed-out') return reply.code(401).send(UNAUTHENTICATED);
  if (found === 'not-shared') return reply.code(403).send({ detail: NOT_SHARED_DETAIL });
  // Who is asking: the scope's acting hook makes the delegate the actor (auth/acting.ts actingOf).
  request.delegating = found.delegating;
  if (request.method === 'GET') {
    await app.repositories.delegations.viewed(
      found.delegating.delegate.delegation,
      found.category,
      new Date(now.getTime() - VIEW_EVERY_MS),
      now,
    );
  }
  return undefined;
}
