import { LANGUAGES, languageSchema, type Language } from './language.schema.js';

const isLanguage = (code: string): code is Language =>
  (LANGUAGES as readonly string[]).includes(code);

/** At most this many entries of an Accept-Language header are read (a header is bounded input). */
const MAX_RANGES = 20;

/**
 * The language of a person who never chose: the first of the browser's languages the catalogue
 * has (`es-MX` is Spanish), by their order of preference; English when none is.
 */
export function languageFromPreferred(ranges: readonly string[]): Language {
  for (const range of ranges.slice(0, MAX_RANGES)) {
    const primary = range.trim().toLowerCase().split('-')[0] ?? '';
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}

/** An Accept-Language header's ranges, most preferred first (`q=0` excluded). */
export function acceptLanguageRanges(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .slice(0, 1000)
    .split(',')
    .slice(0, MAX_RANGES)
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { range: range.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.range && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.range);
}

/** The person's choice when they made one, else their browser's Accept-Language. */
export function languageFor(
  choice: Language | null | undefined,
  acceptLanguage?: string,
): Language {
  return choice ?? languageFromPreferred(acceptLanguageRanges(acceptLanguage));
}

/**
 * The reader's language choice kept in the browser (issue 87): a first-party cookie, `SameSite=Lax`,
 * no secret (the language code alone), set by the server whenever the signed-in person's
 * preferences load or their language is saved, cleared when they follow their browser. Read first
 * by the server's pages (server/i18n/request-language.ts) and by the apps as they start
 * (src/pages/shared/language.ts), so the error screens met before anyone is known — 404, sign-in
 * problems, maintenance, a session that ended — are in the language the reader chose.
 */
export const LANGUAGE_COOKIE = 'campus-portal-language';

/** A cookie's value longer than this is no language code: it is ignored unread. */
const MAX_LANGUAGE_VALUE = 8;
/** At most this much of a Cookie header (or `document.cookie`) is read. */
const MAX_COOKIE_TEXT = 8192;

/** The language a cookie's value names; undefined for a missing, long or unknown value. */
export function languageOfCookieValue(value: string | undefined): Language | undefined {
  if (value === undefined || value.length > MAX_LANGUAGE_VALUE) return undefined;
  const parsed = languageSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** The language cookie's choice in a Cookie header or `document.cookie` (bounded); else undefined. */
export function languageOfCookies(text: string | undefined): Language | undefined {
  if (!text) return undefined;
  for (const pair of text.slice(0, MAX_COOKIE_TEXT).split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === LANGUAGE_COOKIE)
      return languageOfCookieValue(pair.slice(at + 1).trim());
  }
  return undefined;
}
