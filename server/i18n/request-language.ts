import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  LANGUAGE_COOKIE,
  languageFor,
  languageOfCookieValue,
} from '../../contract/language.rules.js';
import { languageSchema } from '../../contract/language.schema.js';
import type { Language } from '../../contract/language.schema.js';

/**
 * What a request says of its reader's language: its query (any route's, typed or not), cookies and
 * headers. Plain fields, so a route typed by its own schemas passes its request as it is.
 */
export type LanguageAsked = Pick<FastifyRequest, 'headers' | 'query' | 'cookies'>;

/** `?language=es`: the portal asks in its reader's language; any other value is no answer. */
const askedSchema = z.object({ language: z.string().max(8).pipe(languageSchema) });

/**
 * The language of the reader of a request, decided in one place for the server's pages (sign-in, log
 * out, unsubscribe, sign-in problems, the drawn pages of a person who never chose) and the public
 * campus routes (issue 87): the language the address asks for (`?language=`, the portal's reader's
 * choice), else the reader's choice kept in the language cookie (contract/language.rules.ts), else
 * the browser's Accept-Language (issue 59); English when none names a language the catalogue has.
 * A bad query or cookie value is ignored.
 */
export function requestLanguage(request: LanguageAsked): Language {
  const asked = askedSchema.safeParse(request.query);
  if (asked.success) return asked.data.language;
  const kept = languageOfCookieValue(request.cookies[LANGUAGE_COOKIE]);
  if (kept) return kept;
  const header = request.headers['accept-language'];
  return languageFor(null, typeof header === 'string' ? header : undefined);
}

/** What a shared cache must key an answer chosen by `requestLanguage` on. */
export const LANGUAGE_VARY = 'Accept-Language, Cookie';
