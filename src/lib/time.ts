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

/** portal.md §1: the campus time zone, whatever the browser's own zone is. */
export const CAMPUS_ZONE = 'America/Los_Angeles';

/** The SIS's weekday letters, Monday first (ISO weekday 1 … 7). */
const DAY_LETTERS = ['M', 'T', 'W', 'R', 'F', 'S', 'U'] as const;
export type DayLetter = (typeof DAY_LETTERS)[number];

/** A day on the campus calendar: its date `YYYY-MM-DD` and its SIS weekday letter. */
export interface CampusDay {
  date: string;
  weekday: DayLetter;
}

/** The campus calendar day at instant `now`, in `zone` (the campus's zone, never the browser's). */
export function campusDay(now: Date, zone: string = CAMPUS_ZONE): CampusDay {
  const iso = Number(formatInTimeZone(now, zone, 'i'));
  return {
    date: formatInTimeZone(now, zone, 'yyyy-MM-dd'),
    weekday: DAY_LETTERS[iso - 1] ?? 'M',
  };
}

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** Whole days from calendar date `from` to calendar date `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round(dayNumber(to) - dayNumber(from));
}

/** A campus wall-clock time `HH:MM` (24 h) as US English: "1:50 PM". */
export function formatClockTime(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const suffix = h < 12 ? 'AM' : 'PM';
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${suffix}`;
}

/** A calendar date `YYYY-MM-DD` as US English: "Jun 16, 2026" (a day, so no zone shifts it). */
export function formatCalendarDate(date: string): string {
  return formatInTimeZone(new Date(`${date}T12:00:00Z`), 'UTC', 'MMM d, yyyy');
}

/** portal.md §1: a day as the portal shows it, in the campus time zone: "Nov 21, 2026". */
export function formatCampusDate(iso: string, timeZone: string): string {
  return formatInTimeZone(at(iso), timeZone, 'MMM d, yyyy');
}

/** An instant as the portal shows it, in the campus time zone: "Nov 21, 2026, 4:00 AM". */
export function formatCampusDateTime(iso: string, timeZone: string): string {
  return formatInTimeZone(at(iso), timeZone, 'MMM d, yyyy, h:mm a');
}
