/**
 * portal.md §2 navigation guard, step 4: an address with a "refresh" query parameter (any value)
 * asks for fresh data: the guard clears the server's caches, and a page's loader reads anew rather
 * than show the answers the router keeps.
 */
export const asksRefresh = (search: string): boolean => new URLSearchParams(search).has('refresh');
