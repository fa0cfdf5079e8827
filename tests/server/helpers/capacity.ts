import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from 'fastify';
import type { Capacity } from '../../../server/auth/acting.js';

/**
 * Tests only: the capacity a request names in this header replaces `self` once the authenticated
 * scope set its actor, standing in for a support view or a delegate's session.
 */
export const TEST_CAPACITY_HEADER = 'x-test-capacity';

const CAPACITIES: readonly Capacity[] = ['self', 'support', 'delegate'];
const isCapacity = (value: unknown): value is Capacity =>
  CAPACITIES.some((capacity) => capacity === value);

/** An onRequest hook: runs after the scope's own (which it follows in the route's list). */
export function actInTestCapacity(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
) {
  const capacity = request.headers[TEST_CAPACITY_HEADER];
  const acting = request.acting;
  if (acting && acting.actor.capacity !== 'delegate' && isCapacity(capacity)) {
    const { subject, actor, signedInAt, session } = acting;
    // A delegate stands as themselves, sharing nothing: no route lets them pay without a category.
    const delegate = {
      id: 0,
      name: 'Test Delegate',
      email: 'delegate@example.com',
      delegation: 0,
      student: subject.id,
      categories: [],
      endsAt: signedInAt,
    };
    request.acting = {
      subject,
      signedInAt,
      session,
      actor: capacity === 'delegate' ? { capacity, delegate } : { capacity, user: actor.user },
    };
  }
  done();
}

/** An app's `onRoute` that puts the seam last in every route's onRequest list. */
export function withTestCapacity(route: RouteOptions) {
  const own = route.onRequest;
  route.onRequest = [
    ...(own === undefined ? [] : Array.isArray(own) ? own : [own]),
    actInTestCapacity,
  ];
}
