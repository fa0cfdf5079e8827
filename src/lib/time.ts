import { formatInTimeZone } from 'date-fns-tz';

/** next-steps.md §9: dates are shown in US English with the UTC time zone. */
const ZONE = 'UTC';

const at = (iso: string) => new Date(iso);

/** Short form, month and day: "Sep 15". */
export function formatShortDate(iso: string): string {
  return formatInTimeZone(at(iso), ZONE, 'MMM d');
}

/** Long form, with the weekday: "Tuesday, September 15, 2026". */
export function formatLongDate(iso: string): string {
  return formatInTimeZone(at(iso), ZONE, 'EEEE, MMMM d, yyyy');
}

/** Date-time form, with hour and minute: "Sep 15, 2026, 12:00 PM". */
export function formatDateTime(iso: string): string {
  return formatInTimeZone(at(iso), ZONE, 'MMM d, yyyy, h:mm a');
}

/** A campus calendar day `YYYY-MM-DD` (not an instant) as "Oct 15, 2026". */
export function formatCalendarDay(day: string): string {
  return formatInTimeZone(at(`${day}T00:00:00.000Z`), 'UTC', 'MMM d, yyyy');
}
