import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import { actingAsSelf } from '../auth/acting.js';
import { UNAUTHENTICATED } from './session-tokens.js';

/**
 * `request.subject` and `request.actor` (server/types/fastify.d.ts): what the authenticated scope set
 * (`actAsSignedIn`), read by routes and data adapters. Read before the scope set them, either throws:
 * a route that needs a person belongs in such a scope.
 */
export function decorateActing(app: FastifyInstance) {
  app.decorateRequest('acting', null);
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
 * right after the scope's guards found the person: today the signed-in person, for themselves
 * (`self`). A plain hook: no promise per request.
 */
export function actAsSignedIn(
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
) {
  if (!request.auth) {
    void reply.code(401).send(UNAUTHENTICATED);
    return;
  }
  request.acting = actingAsSelf(request.auth.user);
  done();
}
