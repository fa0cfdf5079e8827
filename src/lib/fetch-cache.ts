/** next-steps.md §4 Caching: user and task fetches repeated within 5 minutes are skipped. */
export const CACHE_MS = 5 * 60 * 1000;

/**
 * Whether a fetch made at `fetchedAt` (ms; null: never) is to be made again at `at`: never
 * fetched, or fetched 5 minutes ago or longer.
 */
export const isStale = (fetchedAt: number | null, at: number): boolean =>
  fetchedAt === null || at - fetchedAt >= CACHE_MS;
