/**
 * What an entry of the search index is. Its key in the index is the row's id times 8 plus the kind's
 * number; the numbers are fixed by migration 013-search and never change.
 */
export const SEARCH_KINDS = { post: 1, task: 2, message: 3, link: 4 } as const;
