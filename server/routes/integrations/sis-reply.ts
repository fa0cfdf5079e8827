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
  request.log.error({ err, endpoint: read }, 'student information system call failed');
  return reply.code(500).send({
    detail: 'The student information system could not answer.',
    component: read,
  });
}
