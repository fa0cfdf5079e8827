import {
  addDays,
  campusDate,
  campusIcalLocal,
  campusInstant,
  campusIsoWithOffset,
} from '../../time.js';

/**
 * Dates for the bundled sample feeds, relative to the moment they are built, so the samples always
 * hold upcoming events whenever the portal runs (and past ones, to show they are dropped).
 */
export function sampleClock(now: Date, zone: string) {
  const today = campusDate(now, zone);
  /** `days` from today on the campus calendar, at `time` (HH:MM) on the campus clock. */
  const at = (days: number, time: string) => campusInstant(addDays(today, days), time, zone);
  return {
    at,
    /** RSS's RFC 822 date: "Thu, 26 Nov 2026 02:00:00 GMT". */
    rfc822: (instant: Date) => instant.toUTCString(),
    /** ISO-8601 with the campus offset, as the campus-group platform writes its dates. */
    iso: (instant: Date) => campusIsoWithOffset(instant, zone),
    /** iCalendar UTC form: "20261127T020000Z". */
    icalUtc: (instant: Date) => `${instant.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`,
    /** iCalendar wall clock (with a TZID, or floating). */
    icalLocal: (instant: Date) => campusIcalLocal(instant, zone),
    /** iCalendar date of `days` from today: "20261126". */
    icalDate: (days: number) => addDays(today, days).replace(/-/g, ''),
  };
}
export type SampleClock = ReturnType<typeof sampleClock>;
