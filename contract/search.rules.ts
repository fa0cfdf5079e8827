/**
 * The search's limits, apart from its schemas: the toolbar's search box is on every page, and the
 * answer's schema loads only with the first search (src/pages/portal/search/use-search.ts).
 */

/** The longest query the search reads; a longer one is refused (400). */
export const SEARCH_QUERY_MAX_LENGTH = 200;

/**
 * The most words one search looks for: each word costs the store a list to intersect, so further
 * ones are left out (the answer says how many) rather than refused, as a person typing on would
 * otherwise see an error instead of the results of the words before.
 */
export const SEARCH_MAX_WORDS = 8;

/**
 * The most results a group of the answer holds (issue 87): the store answers at most this many of
 * each kind it indexes (and one more, to tell whether there were more), the other groups are cut to
 * it. A group that found more says so (`more`); more specific words narrow it.
 */
export const SEARCH_GROUP_MAX = 8;

/**
 * Issue 87: how many pages of a group one search may be paged to (`after`, a group's `next`): the
 * store ranks a kind's best `offset + SEARCH_GROUP_MAX + 1` to answer a page, so the pages stop
 * here (40 results a group); more specific words find the rest.
 */
export const SEARCH_GROUP_PAGES_MAX = 5;

/**
 * The most pieces (matched or not) a result's title or excerpt is made of (issue 87): a word and
 * the text between two words are a piece each, so a long title of short words could be many. Past
 * it, the rest of the text is one unmarked piece (server/db/repositories/search-match.ts).
 */
export const SEARCH_SEGMENTS_MAX = 120;
