import { SEARCH_MAX_WORDS } from '../../contract/search.rules.js';
import type { SearchSegment } from '../../contract/search.schema.js';

/**
 * What a person typed, as the terms a full-text index is asked for. Only letters and digits make a
 * term, so nothing typed reaches either store's query syntax; the query is bounded before it is read,
 * and so is what one search may cost: at most `MAX_TERMS` terms, each at most `MAX_TERM` characters,
 * and only terms of `PREFIX_FROM` characters or more also match as the start of a longer word (a
 * one-letter start matches most of the index, and each such term made the store merge the lists of
 * every word it starts).
 */

/** The longest query read, in characters; the rest is ignored. */
export const SEARCH_QUERY_MAX = 200;
/** The most terms one search looks for; further ones are ignored and the answer says how many. */
export const MAX_TERMS = SEARCH_MAX_WORDS;
const MAX_TERM = 40;
/** The shortest term that also matches as the start of a word ("reg" finds "registration"). */
export const PREFIX_FROM = 3;

export interface SearchTerms {
  /** The distinct terms searched, lower-cased, at most `MAX_TERMS`. */
  words: string[];
  /** How many further distinct terms were typed and not searched. */
  ignored: number;
}

/** The distinct terms of a query, and how many past the first `MAX_TERMS` were left out. */
export function searchTerms(query: string): SearchTerms {
  const all =
    query
      .slice(0, SEARCH_QUERY_MAX)
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  const distinct = [...new Set(all.map((w) => w.slice(0, MAX_TERM)))];
  return { words: distinct.slice(0, MAX_TERMS), ignored: Math.max(0, distinct.length - MAX_TERMS) };
}

/** The searched terms of a query (`searchTerms` without the count of ignored ones). */
export const searchWords = (query: string): string[] => searchTerms(query).words;

/** Whether a term also matches as the start of a longer word. */
export const isPrefix = (word: string): boolean => [...word].length >= PREFIX_FROM;

/** FTS5: every term; from `PREFIX_FROM` characters also as a start ("regist" finds "Registration"). */
export const fts5Match = (words: readonly string[]): string =>
  words.map((w) => (isPrefix(w) ? `"${w}"*` : `"${w}"`)).join(' ');

/** PostgreSQL `to_tsquery('english', …)`: the same, each term stemmed by the English configuration. */
export const tsQuery = (words: readonly string[]): string =>
  words.map((w) => (isPrefix(w) ? `${w}:*` : w)).join(' & ');

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
