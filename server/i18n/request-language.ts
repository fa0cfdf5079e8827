import type { FastifyRequest } from 'fastify';
import { languageFor } from '../../contract/language.rules.js';
import type { Language } from '../../contract/language.schema.js';

/**
 * The language of a server-rendered page (sign-in, log out, unsubscribe, sign-in problems) before
 * anyone is known: the browser's Accept-Language (issue 59), English when it names no language the
 * catalogue has.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers['accept-language'];
  return languageFor(null, typeof header === 'string' ? header : undefined);
}
