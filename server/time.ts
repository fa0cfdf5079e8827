import { formatInTimeZone, fromZonedTime } from './date-fns.js';

/**
 * The server's twin of `src/lib/time.ts`: the only server module that turns instants into the campus
 * time zone's wall clock and back (portal.md §9: events are in America/Los_Angeles). Every function
 * takes the zone, so the process's own TZ never matters.
 */

const DAY = 'EEE, MMM d, yyyy';
const TIME = 'h:mm a';

/** The calendar date (`YYYY-MM-DD`) of an instant on the campus wall clock. */
export const campusDate = (instant: Date, zone: string): string =>
  formatInTimeZone(instant, zone, 'yyyy-MM-dd');

/** The instant at which the campus wall clock shows `date` (`YYYY-MM-DD`) at `time` (`HH:MM`). */
export const campusInstant = (date: string, time: string, zone: string): Date =>
  fromZonedTime(`${date}T${time}:00`, zone);

/**
 * The last instant of calendar day `date` (`YYYY-MM-DD`) on the campus clock, 23:59:59.999: what a
 * date-only deadline means (db/date-only-end.ts). A millisecond before the next campus midnight,
 * so the day it falls on is `date` in the campus zone, and it is past once that midnight comes.
 */
export const endOfCampusDay = (date: string, zone: string): Date =>
  new Date(fromZonedTime(`${addDays(date, 1)}T00:00:00`, zone).getTime() - 1);

/** A calendar day (`YYYY-MM-DD`, no zone) in words, with its weekday: "Thursday, November 26". */
export const calendarDayWords = (date: string): string =>
  formatInTimeZone(new Date(`${date}T12:00:00Z`), 'UTC', 'EEEE, MMMM d');

/** `date` plus `days` calendar days, as `YYYY-MM-DD` (no zone: pure calendar arithmetic). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * portal.md §3 Event `datetime_string`, US English on the campus clock:
 * "Thu, Nov 26, 2026, 6:00 PM – 8:00 PM PST", "… 6:00 PM – Fri, Nov 27, 2026, 2:00 AM PST",
 * "Thu, Nov 26, 2026, 6:00 PM PST" without an end, "Thu, Nov 26, 2026" for an all-day event; across
 * the daylight-saving change each time has its own zone: "Sun, Nov 1, 2026, 12:30 AM PDT – 2:30 AM PST".
 */
export function eventTimeString(
  start: Date,
  end: Date | null,
  zone: string,
  allDay = false,
): string {
  const day = (d: Date) => formatInTimeZone(d, zone, DAY);
  if (allDay) {
    // An all-day end is exclusive (the next midnight): the last day is the one before it.
    const last = end ? new Date(end.getTime() - 1) : start;
    return day(last) === day(start) || last < start ? day(start) : `${day(start)} – ${day(last)}`;
  }
  const zoneName = formatInTimeZone(start, zone, 'zzz');
  const from = `${day(start)}, ${formatInTimeZone(start, zone, TIME)}`;
  if (!end || end <= start) return `${from} ${zoneName}`;
  const until =
    day(end) === day(start)
      ? formatInTimeZone(end, zone, TIME)
      : `${day(end)}, ${formatInTimeZone(end, zone, TIME)}`;
  const endZone = formatInTimeZone(end, zone, 'zzz');
  // An event across the daylight-saving change names each end's zone: "1:00 AM PDT – 3:00 AM PST".
  if (endZone !== zoneName) return `${from} ${zoneName} – ${until} ${endZone}`;
  return `${from} – ${until} ${endZone}`;
}

/** An instant as ISO-8601 with the campus offset: "2026-11-26T18:00:00-08:00". */
export const campusIsoWithOffset = (instant: Date, zone: string): string =>
  formatInTimeZone(instant, zone, "yyyy-MM-dd'T'HH:mm:ssXXX");

/** An instant as the campus wall clock in iCalendar's basic form: "20261126T180000". */
export const campusIcalLocal = (instant: Date, zone: string): string =>
  formatInTimeZone(instant, zone, "yyyyMMdd'T'HHmmss");

/** The campus wall-clock time (`HH:MM`) of an instant. */
export const campusClockTime = (instant: Date, zone: string): string =>
  formatInTimeZone(instant, zone, 'HH:mm');

/** The zone's offset from UTC at an instant, in minutes (Los Angeles: -480 in winter, -420 in summer). */
export function zoneOffsetMinutes(instant: Date, zone: string): number {
  // date-fns-tz's getTimezoneOffset reads the instant's wall clock, not the instant: format instead.
  const [, sign, hours, minutes] = /^([+-])(\d\d):(\d\d)$/.exec(
    formatInTimeZone(instant, zone, 'xxx'),
  ) ?? ['', '+', '0', '0'];
  const total = Number(hours) * 60 + Number(minutes);
  return sign === '-' ? -total : total;
}

/** The zone's short name at an instant: "PST", "PDT". */
export const zoneAbbreviation = (instant: Date, zone: string): string =>
  formatInTimeZone(instant, zone, 'zzz');
