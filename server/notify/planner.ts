import { z } from 'zod';
import { MAX_REMINDER_DAYS } from '../../contract/admin/tasks.schema.js';
import { defaultCampusConfig } from '../../contract/campus-config.schema.js';
import type { Channel } from '../../contract/channel.schema.js';
import { storedOffsets } from '../db/repositories/admin-tasks.repository.js';
import { addDays, campusClockTime, campusDate, campusInstant } from '../time.js';
import { keyPart } from './channels/target.js';
import type { Target } from './channels/target.js';

/** What the campus configures about reminders (contract/campus.schema.ts `reminders`). */
export interface ReminderRules {
  zone: string;
  /** Days before a deadline when the task gives none (issue 29's 3 and 1). */
  offsets: readonly number[];
  /** The campus hour a reminder on the deadline's own day (0 days before) goes out. */
  morningHour: number;
}

const CAMPUS = defaultCampusConfig.reminders;

/** A task's reminder days: its own (admin), or the campus default when it gives none. */
export function offsetsOf(stored: string, defaults: readonly number[]): readonly number[] {
  const own = storedOffsets(stored);
  return own.length > 0 ? own : defaults;
}

/** How far ahead the planner writes jobs; later reminders are written by a later round. */
const HORIZON_MS = 2 * 86_400_000;
/** Deadlines further off than this call for no job yet: the largest offset, the horizon, a DST hour. */
export const LOOKAHEAD_MS = MAX_REMINDER_DAYS * 86_400_000 + HORIZON_MS + 3_600_000;

export const reminderPayloadSchema = z.object({
  userTaskId: z.number().int(),
  taskId: z.number().int(),
  offset: z.number().int(),
  deadline: z.iso.datetime(),
});
export type ReminderPayload = z.infer<typeof reminderPayloadSchema>;

/** `reminder:<userTask>:<offset>:<deadline>`: a moved deadline is a new reminder, a restart is not. */
export const reminderKey = (p: ReminderPayload) =>
  `reminder:${p.userTaskId}:${p.offset}:${p.deadline}`;

/** The same reminder by text message: `sms:reminder:<userTask>:<offset>:<deadline>`. */
export const textReminderKey = (p: ReminderPayload) => `sms:${reminderKey(p)}`;

/**
 * The reminder's key on a channel: email's and text's keep the spelling they had before channels
 * were modules (a reminder queued then is not queued again), every other channel's ends with its
 * part (`reminder:…:push:<device>`, channels/channel.ts `keyPart`).
 */
export function reminderKeyOn(channel: Channel, p: ReminderPayload, target: Target): string {
  if (channel === 'email') return reminderKey(p);
  if (channel === 'sms') return textReminderKey(p);
  return `${reminderKey(p)}:${keyPart(channel, target)}`;
}

/**
 * When the reminder `offsetDays` before `deadline` is due: the same wall-clock time on the campus
 * clock, that many calendar days earlier. Across a daylight-saving change this is 71 or 73 hours
 * before, not 72: the reminder keeps the campus time of day. On the deadline's own day (0 days) it
 * goes out at the campus morning hour, or an hour before a deadline earlier than that. A date-only
 * deadline (db/date-only-end.ts: the end of its campus day) has no time of day to keep: its
 * reminders go out at the campus morning hour, that many campus days before its day.
 */
export function reminderTime(
  deadline: Date,
  offsetDays: number,
  zone: string,
  morningHour: number = CAMPUS.morningHour,
  dateOnly = false,
): Date {
  const day = addDays(campusDate(deadline, zone), -offsetDays);
  const morning = campusInstant(day, `${String(morningHour).padStart(2, '0')}:00`, zone);
  if (dateOnly) return morning;
  if (offsetDays > 0) return campusInstant(day, campusClockTime(deadline, zone), zone);
  const hourBefore = new Date(deadline.getTime() - 3_600_000);
  return morning < hourBefore ? morning : hourBefore;
}

/**
 * The reminders a deadline calls for at `now`: each offset whose time is still ahead (within the
 * horizon) at its time, and of those whose time has passed only the latest one, at once, while the
 * deadline is still ahead (a task added or a server started late still gets one reminder, not two).
 */
export function remindersDue(
  deadline: Date,
  now: Date,
  zone: string,
  offsets: readonly number[] = CAMPUS.offsets,
  morningHour: number = CAMPUS.morningHour,
  /** The deadline is date-only (reminderTime). */
  dateOnly = false,
): Array<{ offset: number; runAt: Date }> {
  if (deadline <= now) return [];
  const points = offsets.map((offset) => ({
    offset,
    at: reminderTime(deadline, offset, zone, morningHour, dateOnly),
  }));
  const ahead = points
    .filter((p) => p.at > now && p.at.getTime() <= now.getTime() + HORIZON_MS)
    .map((p) => ({ offset: p.offset, runAt: p.at }));
  const passed = points.filter((p) => p.at <= now).sort((a, b) => b.at.getTime() - a.at.getTime());
  const latest = passed[0];
  return latest ? [{ offset: latest.offset, runAt: now }, ...ahead] : ahead;
}
