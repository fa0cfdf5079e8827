import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  RequestPayload,
  RouteOptions,
} from 'fastify';
import { NOT_WHILE_VIEWING_DETAIL, READ_ONLY_DETAIL } from '../../contract/error.schema.js';
import { actingOf } from '../auth/acting.js';
import { mayRead, mayWrite } from '../auth/rights.js';
import { isRead } from '../auth/access.js';
import { UNAUTHENTICATED } from './session-tokens.js';

/**
 * `request.subject` and `request.actor` (server/types/fastify.d.ts): what the authenticated scope set
 * (`actAsSignedIn`), read by routes and data adapters. Read before the scope set them, either throws:
 * a route that needs a person belongs in such a scope.
 */
export function decorateActing(app: FastifyInstance) {
  app.decorateRequest('acting', null);
  app.decorateRequest('viewing', null);
  app.decorateRequest('delegating', null);
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
 * The scope's hook that says whose record a request is about and who acts (issue 88), run at
 * onRequest right after the scope's guards found who is asking: `actingOf` (auth/acting.ts) decides
 * the capacity from what they found (a delegate let in by the token guard, a support staff member's
 * view as a student found by plugins/view-as.ts, else the person for themselves). A plain hook: no
 * promise per request. A read the route's declaration does not let the capacity make (support
 * where it says `support: null`) is refused here, before any handler reads the record.
 */
export function actAsSignedIn(
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
) {
  const acting = actingOf(request);
  if (!acting) {
    void reply.code(401).send(UNAUTHENTICATED);
    return;
  }
  // A read the route does not let this capacity make (support where it says `support: null`).
  if (isRead(request.method) && !mayRead(acting.actor, request.routeOptions.config.access)) {
    void reply.code(403).send({ detail: NOT_WHILE_VIEWING_DETAIL });
    return;
  }
  request.acting = acting;
  done();
}

/** Whether a route answers a change: any method but GET, HEAD and OPTIONS. */
export const changes = (route: Pick<RouteOptions, 'method'>) =>
  (Array.isArray(route.method) ? route.method : [route.method]).some((m) => !isRead(m));

/**
 * Every change of a protected scope asks `mayWrite` (auth/rights.ts) before its body is read (a
 * preParsing hook, after every onRequest hook): someone who only reads the record (support, a
 * delegate) gets 403 whatever they send, in whatever form, and the handler never runs. The action is
 * judged against the route's declaration (`config.access`, auth/access.ts).
 */
export function writeAllowed(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: RequestPayload,
  done: (err: Error | null, payload?: RequestPayload) => void,
) {
  if (isRead(request.method)) return done(null, payload);
  const access = request.routeOptions.config.access;
  if (mayWrite(request.actor, request.subject, access)) return done(null, payload);
  void reply.code(403).send({ detail: READ_ONLY_DETAIL });
}
