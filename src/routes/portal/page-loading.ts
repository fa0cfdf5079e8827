import type { ParsedLocation } from '@tanstack/react-router';
import { asksRefresh } from '../../lib/refresh.js';
import type { PageLoad } from './context.js';

/**
 * How long a page's answers in the router's cache are shown again without asking (portal.md §9,
 * "the default cache freshness is 5 minutes"): the page shown again within it reads nothing.
 */
const PAGE_READS_FRESH_MS = 5 * 60_000;

/**
 * A page route's loader: the page's chunk (its container, the one import its component and its
 * loader share) exports `pageReads`, which starts the page's reads, so what a page reads stays out
 * of the first route's code. Its loader data, the page's answers, is the router's cache. `R`, the
 * loader data, is named by the route: the container's own type reads it back from the route.
 *
 * An address with `?refresh` (portal.md §2 step 4) is loaded anew however fresh its kept answers:
 * the guard cleared the server's caches first. A preload of it, which passes no guard, takes what
 * is kept; `undefined` leaves the rest to the freshness.
 */
export const withReads = <R>(page: () => Promise<{ pageReads: (load: PageLoad) => R }>) => ({
  loader: async (load: PageLoad) => (await page()).pageReads(load),
  staleTime: PAGE_READS_FRESH_MS,
  shouldReload: ({ location, preload }: { location: ParsedLocation; preload: boolean }) =>
    (!preload && asksRefresh(location.searchStr)) || undefined,
});
