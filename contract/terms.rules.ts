import type { TermCode } from './sis/common.schema.js';

/**
 * The terms the SIS is asked about: from `termsBack` terms before the current quarter (ten years:
 * the grades' term picker offers at most that many terms) to `termsAhead` after it (a schedule
 * published a year ahead). Any other `YYYY0Q` would be a new SIS call and a new cache entry for a
 * term no student has, so the server refuses it before either.
 */
export const TERM_WINDOW = { termsBack: 40, termsAhead: 4 } as const;

/** A term as a count of quarters since year 0: consecutive terms differ by one. */
const ordinalOf = (term: TermCode) => Number(term.slice(0, 4)) * 4 + Number(term.slice(5, 6)) - 1;

/** The calendar quarter of an instant (January–March is Winter, quarter 1, … October–December Fall). */
export function termOfDate(date: Date): TermCode {
  return `${date.getUTCFullYear()}0${Math.floor(date.getUTCMonth() / 3) + 1}`;
}

/** Whether `term` lies within `TERM_WINDOW` of the quarter `now` falls in. */
export function isTermInWindow(term: TermCode, now: Date): boolean {
  const offset = ordinalOf(term) - ordinalOf(termOfDate(now));
  return offset >= -TERM_WINDOW.termsBack && offset <= TERM_WINDOW.termsAhead;
}
