import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { demoPerson, demoSis } from '../../demo/demo-sis.js';
import type { UserRecord } from '../../db/repositories/users.repository.js';
import { cacheKey } from '../../plugins/cache.js';
import { freshMinutes, sisAnswerSchema } from '../../sis/endpoints.js';
import type { SisAnswer, SisEndpoint } from '../../sis/endpoints.js';
import type { SisPerson } from '../../sis/port.js';

export const personOf = (user: UserRecord): SisPerson => ({
  username: user.username,
  persona: user.persona,
});

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

/**
 * One read of the signed-in user's own record, through the per-user cache (`X-Cache: miss|hit|stale`),
 * or from the demo sample while demo mode is on.
 */
export async function readSis<E extends SisEndpoint>(
  app: FastifyInstance,
  request: FastifyRequest,
  /** Told whether the answer came from the cache (`X-Cache`); null when the read feeds another answer. */
  reply: FastifyReply | null,
  read: E,
  term?: string,
): Promise<SisAnswer<E>> {
  if (request.dataSource === 'demo') return demoSis.read(read, demoPerson, term);
  const user = request.user;
  const { value, status } = await app.cache.read(
    cacheKey(user.id, read, term),
    freshMinutes[read] * 60_000,
    () => app.sis.read(read, personOf(user), term),
    // A copy read back from the cache is checked like a fresh answer.
    sisAnswerSchema(read),
  );
  reply?.header('x-cache', status);
  return value;
}
