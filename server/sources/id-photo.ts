import type { FastifyInstance, FastifyRequest } from 'fastify';
import { asSubject } from '../auth/sis-token.js';
import { cacheKey, readerOf } from '../cache/keys.js';
import { freshMinutes, sisAnswerSchema } from '../sis/endpoints.js';
import { SignInAgainError } from '../sis/port.js';

/**
 * The subject's ID photo from the SIS profile read (cached with the profile lifetime, shared with
 * `/api/psu_user_profile`). The user call must answer even when the SIS does not: no photo then, and
 * the portal shows initials.
 */
export async function idPhotoOf(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<string | null> {
  const user = request.subject;
  try {
    const { value } = await app.cache.read(
      cacheKey(readerOf(request), 'profile'),
      freshMinutes.profile * 60_000,
      () => asSubject(app, request, user, (person) => app.sis.read('profile', person)),
      sisAnswerSchema('profile'),
    );
    return value.photo ?? null;
  } catch (err) {
    // The sign-in to read the SIS with has ended: the user call says so (sign in again).
    if (err instanceof SignInAgainError) throw err;
    request.log.warn({ err }, 'the ID photo could not be read');
    return null;
  }
}
