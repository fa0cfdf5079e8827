import type { FastifyReply } from 'fastify';
import { LANGUAGE_COOKIE, languageOfCookieValue } from '../../contract/language.rules.js';
import type { Language } from '../../contract/language.schema.js';

const YEAR_S = 365 * 24 * 60 * 60;

/**
 * The cookie's options: the whole site, sent on a navigation from elsewhere (`lax`: a link in an
 * email opens its page in the reader's language), never across sites otherwise. Not `httpOnly`: the
 * apps read it as they start (src/pages/shared/language.ts), before anyone is known. It holds the
 * language code alone, nothing secret.
 */
const optionsOf = (secure: boolean) => ({ path: '/', sameSite: 'lax', secure }) as const;

/**
 * Keeps the person's language choice for the pages met before they are known (issue 87): set
 * beside the theme (html/theme.ts) whenever their preferences load or their language is saved;
 * cleared when they follow their browser (`null`), so their browser's language decides again.
 */
export function rememberLanguage(reply: FastifyReply, language: Language | null, secure: boolean) {
  const kept = languageOfCookieValue(reply.request.cookies[LANGUAGE_COOKIE]);
  if (language === null) {
    if (reply.request.cookies[LANGUAGE_COOKIE] !== undefined)
      reply.clearCookie(LANGUAGE_COOKIE, optionsOf(secure));
    return;
  }
  if (kept === language) return;
  reply.setCookie(LANGUAGE_COOKIE, language, { ...optionsOf(secure), maxAge: YEAR_S });
}

/** Forgets the choice (log out on a shared computer: the next person starts in their browser's). */
export function forgetLanguage(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(LANGUAGE_COOKIE, optionsOf(secure));
}
