/**
 * portal.md §3 term codes: six characters, a four-digit year, 0, then a quarter 1 to 4 (Winter,
 * Spring, Summer, Fall); §9 the current week of a term counts 7-day units from its start date.
 */
import { termCodeSchema } from '../../contract/sis/common.schema.js';
import type { TermCode } from '../../contract/sis/common.schema.js';
import { daysBetween } from './time.js';

const QUARTERS = ['Winter', 'Spring', 'Summer', 'Fall'] as const;

export function isTermCode(value: unknown): value is TermCode {
  return termCodeSchema.safeParse(value).success;
}

const yearOf = (term: TermCode) => Number(term.slice(0, 4));
const quarterOf = (term: TermCode) => Number(term.slice(5, 6));
const codeOf = (year: number, quarter: number): TermCode => `${year}0${quarter}`;

/** A term's name as students know it: "202604" is "Fall 2026". */
export function termName(term: TermCode): string {
  return `${QUARTERS[quarterOf(term) - 1] ?? ''} ${yearOf(term)}`;
}

export function previousTerm(term: TermCode): TermCode {
  const q = quarterOf(term);
  return q === 1 ? codeOf(yearOf(term) - 1, 4) : codeOf(yearOf(term), q - 1);
}

/** The current week of a term: 7-day units from its start date, the first week being week 1. */
export function weekOfTerm(startDate: string, today: string): number | null {
  const days = daysBetween(startDate, today);
  return days < 0 ? null : Math.floor(days / 7) + 1;
}
