import { signInAgain } from '../../auth/sis-token.js';
import { SignInAgainError } from '../../sis/port.js';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * An upstream failure or an answer the contract refuses: HTTP 500 naming the component, logged with
 * the read. Never 502/503/504, which tell the portal that the whole portal is down (portal.md §4).
 */
export function sisFailed(
  request: FastifyRequest,
  reply: FastifyReply,
  read: string,
  err: unknown,
) {
  // Issue 91: the person's sign-in gives the SIS no token any more: 401, and the app signs in again.
  if (err instanceof SignInAgainError) {
    return signInAgain(request.server, request).then((body) => reply.code(401).send(body));
  }
  request.log.error({ err, endpoint: read }, 'student information system call failed');
  return reply.code(500).send({
    detail: 'The student information system could not answer.',
    component: read,
  });
}
