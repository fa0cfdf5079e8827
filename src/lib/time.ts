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

/** portal.md §1: a portal date in the campus time zone, US English: "November 19, 2026". */
export function formatCampusDate(iso: string, timeZone: string): string {
  return formatInTimeZone(at(iso), timeZone, 'MMMM d, yyyy');
}
