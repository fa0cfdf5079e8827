import type { Language } from '../../../contract/language.schema.js';
import type { SearchSegment } from '../../../contract/search.schema.js';
import { foldWord, spanishStem } from '../../i18n/search-words.js';

/**
 * How the search index is asked for the terms of a search (search/search-query.ts reads them from
 * what was typed) and how it marks what matched: every term as a word, and from `PREFIX_FROM`
 * characters also as the start of a longer one (the prefixes migration 024-search-cost keeps).
 */

/** The shortest term that also matches as the start of a word ("reg" finds "registration"). */
export const PREFIX_FROM = 3;

/** Whether a term also matches as the start of a longer word. */
export const isPrefix = (word: string): boolean => [...word].length >= PREFIX_FROM;

/** FTS5: every term; from `PREFIX_FROM` characters also as a start ("regist" finds "Registration"). */
export const fts5Match = (words: readonly string[]): string =>
  words.map((w) => (isPrefix(w) ? `"${w}"*` : `"${w}"`)).join(' ');

/** PostgreSQL `to_tsquery('english', …)`: the same, each term stemmed by the English configuration. */
export const tsQuery = (words: readonly string[]): string =>
  words.map((w) => (isPrefix(w) ? `${w}:*` : w)).join(' & ');

/**
 * FTS5's Spanish index (migration 045-search-spanish), which folds accents and stems nothing: each
 * term folded and stemmed in Spanish, and a stem of `PREFIX_FROM` characters or more matched as the
 * start of a word ("estudios" is "estudi"*, finding "Estudios" and "estudiantes").
 */
export const fts5MatchSpanish = (words: readonly string[]): string =>
  words
    .map((w) => {
      const stem = spanishStem(w);
      return isPrefix(stem) ? `"${stem}"*` : `"${foldWord(w)}"`;
    })
    .join(' ');

/** PostgreSQL `to_tsquery('spanish', …)`: each term folded (`portal_fold`'s letters), as `tsQuery`. */
export const tsQuerySpanish = (words: readonly string[]): string => tsQuery(words.map(foldWord));

/** The index's match for the reader's language. */
export const indexMatch = (words: readonly string[], language: Language): string =>
  language === 'es' ? fts5MatchSpanish(words) : fts5Match(words);

/** Where the index marks a match: characters no stored text holds, turned into segments below. */
export const MARK_START = '\u0001';
export const MARK_END = '\u0002';

export type Segment = SearchSegment;

/**
 * Text with the index's marks as segments, matched or not: the browser draws a match as `<mark>`
 * from data, so nothing stored is ever read as markup. A stray mark character is dropped.
 */
export function segments(marked: string): Segment[] {
  const out: Segment[] = [];
  let match = false;
  let text = '';
  const flush = () => {
    if (text !== '') out.push({ text, match });
    text = '';
  };
  for (const ch of marked) {
    if (ch === MARK_START || ch === MARK_END) {
      flush();
      match = ch === MARK_START;
    } else {
      text += ch;
    }
  }
  flush();
  return out;
}
