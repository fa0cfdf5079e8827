/** How far back a student's terms go, and how far ahead a schedule may already be published. */
export const TERM_WINDOW = { yearsBack: 8, yearsAhead: 1 } as const;

/**
 * Whether a term code may be asked of the SIS: only terms in a window around the current one. Any
 * `YYYY0Q` would otherwise be a new cache entry and a new SIS call, and one student could fill the cache
 * with terms that never existed, pushing out everyone else's answers.
 */
export function isTermInWindow(term: string, now: Date): boolean {
  const year = Number(term.slice(0, 4));
  const current = now.getUTCFullYear();
  return year >= current - TERM_WINDOW.yearsBack && year <= current + TERM_WINDOW.yearsAhead;
}
