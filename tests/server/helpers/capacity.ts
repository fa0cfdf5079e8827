import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from 'fastify';
import type { Capacity } from '../../../server/auth/acting.js';

/**
 * Tests only: the capacity a request names in this header replaces `self` once the authenticated
 * scope set its actor, standing in for the support and delegate views issue 73 will add.
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
  if (request.acting && isCapacity(capacity)) {
    const { subject, actor } = request.acting;
    request.acting = { subject, actor: { user: actor.user, capacity } };
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
