import { LANGUAGES, type Language } from './language.schema.js';

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
