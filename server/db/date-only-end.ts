import { endOfCampusDay } from '../time.js';

/**
 * What a date-only deadline means (issue 40, "Wrong time"): the admin's "Ends on" is a day, and a
 * day-only end is **the end of that day on the campus clock**, everywhere. It is stored as two
 * columns of `ns_tasks` (migration 021):
 * - `ends_on_day`: the day itself, `YYYY-MM-DD`, as the admin gave it; null for a timed end;
 * - `ends_on`: the instant, the last millisecond of that campus day (`endOfCampusDay`), so every
 *   query and rule that compares instants (overdue, the reminder windows, the list's order) is right
 *   without knowing which kind of end it reads.
 * Whoever words or places a deadline (Next Steps, the reminder email, text and push, the digests,
 * the personal calendar) shows a date-only one by its day, without a clock time.
 */
export interface StoredEnd {
  ends_on: string | null;
  ends_on_day: string | null;
}

/** The stored columns of a date-only end `day` (or of no end). */
export function dateOnlyEnd(day: string | null, zone: string): StoredEnd {
  if (day === null) return { ends_on: null, ends_on_day: null };
  return { ends_on: endOfCampusDay(day, zone).toISOString(), ends_on_day: day };
}
