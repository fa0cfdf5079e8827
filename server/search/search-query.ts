import { SEARCH_MAX_WORDS } from '../../contract/search.rules.js';

/**
 * What a person typed, as the terms a full-text index is asked for. Only letters and digits make a
 * term, so nothing typed reaches either store's query syntax; the query is bounded before it is read,
 * and so is what one search may cost: at most `MAX_TERMS` terms, each at most `MAX_TERM` characters,
 * and only terms of `PREFIX_FROM` characters or more (db/repositories/search-match.ts, how the index
 * is asked for them) also match as the start of a longer word (a one-letter start matches most of
 * the index, and each such term made the store merge the lists of every word it starts).
 */

/** The longest query read, in characters; the rest is ignored. */
export const SEARCH_QUERY_MAX = 200;
/** The most terms one search looks for; further ones are ignored and the answer says how many. */
export const MAX_TERMS = SEARCH_MAX_WORDS;
const MAX_TERM = 40;

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
