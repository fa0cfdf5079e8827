import type { Holiday } from './campus.schema.js';

/**
 * The campus holidays rule (issue 47): no classes meet on a campus holiday. Dates are campus
 * calendar days, `YYYY-MM-DD`, so comparing them as text compares them as days.
 */

const lastDay = (h: Holiday) => h.through ?? h.date;

const nextDay = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The campus holiday that `date` falls in, if any. */
export function holidayOn(holidays: readonly Holiday[], date: string): Holiday | undefined {
  return holidays.find((h) => h.date <= date && date <= lastDay(h));
}

/** Every holiday date from `from` to `to` (both included), in order, each once. */
export function holidayDates(holidays: readonly Holiday[], from: string, to: string): string[] {
  const dates = new Set<string>();
  for (const h of holidays) {
    const end = lastDay(h) < to ? lastDay(h) : to;
    for (let d = h.date > from ? h.date : from; d <= end; d = nextDay(d)) dates.add(d);
  }
  return [...dates].sort();
}
