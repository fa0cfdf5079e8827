import type { SearchSegment } from '../../contract/search.schema.js';

/**
 * What a person typed, as the words a full-text index is asked for. Only letters and digits make a
 * word, so nothing typed reaches either store's query syntax; the query is bounded before it is read.
 */

/** The longest query read, in characters; the rest is ignored. */
export const SEARCH_QUERY_MAX = 200;
const MAX_WORDS = 8;
const MAX_WORD = 40;

/** The distinct words of a query, lower-cased, at most eight, each at most 40 characters. */
export function searchWords(query: string): string[] {
  const words =
    query
      .slice(0, SEARCH_QUERY_MAX)
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.map((w) => w.slice(0, MAX_WORD)))].slice(0, MAX_WORDS);
}

/** FTS5: every word, each also as the start of a longer one ("regist" finds "Registration"). */
export const fts5Match = (words: readonly string[]): string =>
  words.map((w) => `"${w}"*`).join(' ');

/** PostgreSQL `to_tsquery('english', …)`: the same, each word stemmed by the English configuration. */
export const tsQuery = (words: readonly string[]): string => words.map((w) => `${w}:*`).join(' & ');

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
