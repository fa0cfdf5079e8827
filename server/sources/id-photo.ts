import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRecord } from '../db/repositories/users.repository.js';
import { cacheKey } from '../cache/keys.js';
import { freshMinutes, sisAnswerSchema } from '../sis/endpoints.js';

/**
 * The user's ID photo from the SIS profile read (cached with the profile lifetime, shared with
 * `/api/psu_user_profile`). The user call must answer even when the SIS does not: no photo then, and
 * the portal shows initials.
 */
export async function idPhotoOf(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRecord,
): Promise<string | null> {
  try {
    const { value } = await app.cache.read(
      cacheKey(user.id, 'profile'),
      freshMinutes.profile * 60_000,
      () => app.sis.read('profile', { username: user.username, persona: user.persona }),
      sisAnswerSchema('profile'),
    );
    return value.photo ?? null;
  } catch (err) {
    request.log.warn({ err }, 'the ID photo could not be read');
    return null;
  }
}
