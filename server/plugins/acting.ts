import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  RequestPayload,
  RouteOptions,
} from 'fastify';
import { READ_ONLY_DETAIL } from '../../contract/error.schema.js';
import { actingAsSelf } from '../auth/acting.js';
import { actingInSupport } from '../auth/view-as.js';
import { mayWrite } from '../auth/rights.js';
import { UNAUTHENTICATED } from './session-tokens.js';

/**
 * `request.subject` and `request.actor` (server/types/fastify.d.ts): what the authenticated scope set
 * (`actAsSignedIn`), read by routes and data adapters. Read before the scope set them, either throws:
 * a route that needs a person belongs in such a scope.
 */
export function decorateActing(app: FastifyInstance) {
  app.decorateRequest('acting', null);
  app.decorateRequest('viewing', null);
  const acting = (request: FastifyRequest) => {
    if (request.acting) return request.acting;
    throw new Error('subject or actor read outside an authenticated scope');
  };
  app.decorateRequest('subject', {
    getter(this: FastifyRequest) {
      return acting(this).subject;
    },
  });
  app.decorateRequest('actor', {
    getter(this: FastifyRequest) {
      return acting(this).actor;
    },
  });
}

/**
 * The one hook that says whose record a request is about and who acts (issue 73), run at onRequest
 * right after the scope's guards found the person: the signed-in person, for themselves (`self`),
 * or, while a support staff member's view as a student runs (`request.viewing`, found in the store
 * by plugins/view-as.ts just before), that student's record in the capacity `support`. A plain hook:
 * no promise per request.
 */
export function actAsSignedIn(
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
) {
  // A delegate's request was given its subject and actor by its guard (plugins/delegate-guard.ts).
  if (request.acting?.actor.capacity === 'delegate') {
    done();
    return;
  }
  if (!request.auth) {
    void reply.code(401).send(UNAUTHENTICATED);
    return;
  }
  request.acting = request.viewing
    ? actingInSupport(request.auth.user, request.viewing.subject)
    : actingAsSelf(request.auth.user);
  done();
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a route answers a change: any method but GET, HEAD and OPTIONS. */
export const changes = (route: Pick<RouteOptions, 'method'>) =>
  (Array.isArray(route.method) ? route.method : [route.method]).some((m) => !READS.has(m));

/**
 * Every change of a protected scope asks `mayWrite` (auth/rights.ts) before its body is read (a
 * preParsing hook, after every onRequest hook): someone who only reads the record (support, a
 * delegate) gets 403 whatever they send, in whatever form, and the handler never runs. The action is
 * the route (`PATCH /api/preferences/:pk`).
 */
export function writeAllowed(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: RequestPayload,
  done: (err: Error | null, payload?: RequestPayload) => void,
) {
  if (READS.has(request.method)) return done(null, payload);
  const action = `${request.method} ${request.routeOptions.url ?? request.url}`;
  if (mayWrite(request.actor, request.subject, action)) return done(null, payload);
  void reply.code(403).send({ detail: READ_ONLY_DETAIL });
}
