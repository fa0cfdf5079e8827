import { channelOf } from './channels/index.js';
import { isHourBeforeAppointment } from './appointment-key.js';
import { addDays, campusClockTime, campusDate, campusInstant } from '../time.js';

/** A person's quiet hours on the campus clock: `HH:MM` to `HH:MM`; the end may be the next morning. */
export interface QuietHours {
  start: string;
  end: string;
}

/** Issue 29's default: nothing by push or text from 9 in the evening to 8 in the morning. */
export const DEFAULT_QUIET_HOURS: QuietHours = { start: '21:00', end: '08:00' };

/** Topics that are never held: an emergency alert is pushed at once, whatever the hour. */
export const URGENT_TOPICS: readonly string[] = ['alerts'];

const minutesOf = (time: string): number => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
};

/**
 * When the quiet window holding `at` ends, or null when `at` is not inside the person's quiet hours.
 * Everything is campus wall-clock time: a window from 21:00 to 08:00 ends at 08:00 campus time the
 * next morning whether the night was 10, 11 or 12 hours long (daylight saving). A window whose start
 * equals its end is no window at all. The start is inside the window, the end is not.
 */
export function quietUntil(at: Date, hours: QuietHours, zone: string): Date | null {
  const start = minutesOf(hours.start);
  const end = minutesOf(hours.end);
  if (start === end) return null;
  const day = campusDate(at, zone);
  const now = minutesOf(campusClockTime(at, zone));
  if (start < end) {
    // Within one day (for example 13:00 to 15:00).
    return now >= start && now < end ? campusInstant(day, hours.end, zone) : null;
  }
  // Across midnight (for example 21:00 to 08:00): the evening part ends tomorrow morning.
  if (now >= start) return campusInstant(addDays(day, 1), hours.end, zone);
  if (now < end) return campusInstant(day, hours.end, zone);
  return null;
}

/**
 * Whether a job of this channel and topic (and key) waits for the end of its recipient's quiet
 * hours: its channel's say (channels/: push and texts are held; email waits in an inbox anyway),
 * but never an urgent topic's, nor a time-critical job's: an appointment's reminder an hour before
 * (issue 92; the one the evening before is held as any reminder).
 */
export const heldByQuietHours = (channel: string, topic: string, key = ''): boolean =>
  channelOf(channel)?.quietHours === true &&
  !URGENT_TOPICS.includes(topic) &&
  !isHourBeforeAppointment(key);
