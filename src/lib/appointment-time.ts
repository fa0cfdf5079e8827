/** Issue 92: when an appointment starts, as the advisor card says it, with its weekday. */
import { formatCampusDateTime, formatEventTime } from './time.js';

const weekdays = new Map<string, Intl.DateTimeFormat>();

/**
 * An appointment's start in the campus time zone, its weekday first: "Thu, Dec 3, 2026, 10:00 AM"
 * in US English (the portal's date form after Intl's short weekday, the same in every engine), and
 * Intl's own form in another language ("jue, 3 de dic de 2026, 10:00 a.m."). Here, not in time.ts:
 * only Academics says it, and time.ts is on the first route.
 */
export function formatAppointmentStart(iso: string, timeZone: string): string {
  const local = formatEventTime(iso, null, timeZone, false);
  if (local !== null) return local;
  let weekday = weekdays.get(timeZone);
  if (!weekday) {
    weekday = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone });
    weekdays.set(timeZone, weekday);
  }
  return `${weekday.format(new Date(iso))}, ${formatCampusDateTime(iso, timeZone)}`;
}
