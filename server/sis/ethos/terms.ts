import { campusDate } from '../../time.js';
import type { AcademicPeriod } from './models.js';

const PORTAL_TERM = /^\d{4}0[1-4]$/;

/** The calendar date an Ethos date or date-time names (its own date, as written). */
export const dateOf = (value: string): string => value.slice(0, 10);

/**
 * The portal's term code (`YYYY0Q`, contract/sis/common.schema.ts) of an academic period: its own
 * code when it already has that shape, else the year and quarter of the middle of its dates (a fall
 * semester, August to December, is the fall quarter 04; a spring one, January to May, is 01).
 */
export function termCodeOf(period: AcademicPeriod): string {
  if (period.code && PORTAL_TERM.test(period.code)) return period.code;
  const start = Date.parse(`${dateOf(period.startOn)}T00:00:00Z`);
  const end = Date.parse(`${dateOf(period.endOn)}T00:00:00Z`);
  const middle = new Date((start + end) / 2);
  const month = middle.getUTCMonth() + 1;
  const quarter = month <= 3 ? 1 : month <= 6 ? 2 : month <= 8 ? 3 : 4;
  return `${middle.getUTCFullYear()}0${quarter}`;
}

const terms = (periods: Map<string, AcademicPeriod>) =>
  [...periods.values()].filter((p) => p.category.type === 'term');

/**
 * `current-term`: the term (not the academic year nor a part of term that also holds the day) whose
 * dates hold today on the campus clock; between terms, the next one; after the last, the last.
 */
export function currentTerm(
  periods: Map<string, AcademicPeriod>,
  now: Date,
  zone: string,
): AcademicPeriod | undefined {
  const today = campusDate(now, zone);
  const list = terms(periods).sort((a, b) => a.startOn.localeCompare(b.startOn));
  return (
    list.find((p) => dateOf(p.startOn) <= today && today <= dateOf(p.endOn)) ??
    list.find((p) => dateOf(p.startOn) > today) ??
    list.at(-1)
  );
}

/** The term a portal code names, if the tenant has it. */
export const termByCode = (periods: Map<string, AcademicPeriod>, code: string) =>
  terms(periods).find((p) => termCodeOf(p) === code);
