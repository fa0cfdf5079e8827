import { z } from 'zod';
import { MAX_REMINDER_DAYS } from '../../contract/admin/tasks.schema.js';
import { defaultCampus } from '../../contract/campus.schema.js';
import { storedOffsets } from '../db/repositories/admin-tasks.repository.js';
import type { NewJob, NotifyJobsRepository } from '../db/repositories/notify-jobs.repository.js';
import type { Repositories } from '../db/repositories.js';
import { addDays, campusClockTime, campusDate, campusInstant } from '../time.js';
import { pushReminderJobs } from './push-plan.js';
import type { DevicesOf } from './push-plan.js';
import { wantsDailyDigest } from './digest.js';
import { forEachOpenPage } from './open-deadlines.js';
import { TOPICS } from './topics.js';

/** What the campus configures about reminders (contract/campus.schema.ts `reminders`). */
export interface ReminderRules {
  zone: string;
  /** Days before a deadline when the task gives none (issue 29's 3 and 1). */
  offsets: readonly number[];
  /** The campus hour a reminder on the deadline's own day (0 days before) goes out. */
  morningHour: number;
}

const CAMPUS = defaultCampus.reminders;

/** A task's reminder days: its own (admin), or the campus default when it gives none. */
export function offsetsOf(stored: string, defaults: readonly number[]): readonly number[] {
  const own = storedOffsets(stored);
  return own.length > 0 ? own : defaults;
}

/** How far ahead the planner writes jobs; later reminders are written by a later round. */
const HORIZON_MS = 2 * 86_400_000;
/** Deadlines further off than this call for no job yet: the largest offset, the horizon, a DST hour. */
const LOOKAHEAD_MS = MAX_REMINDER_DAYS * 86_400_000 + HORIZON_MS + 3_600_000;

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

const idsSchema = z.array(z.number().int());

/** Whether a person's Next Steps notifications (JSON id list text) include a type. */
export function choosesType(notifications: string, typeId: number): boolean {
  const parsed = idsSchema.safeParse(JSON.parse(notifications));
  return parsed.success && parsed.data.includes(typeId);
}

/**
 * The periodic planner: for every student with a record of a published task with a deadline, who
 * has neither done nor dismissed it, and chose deadline reminders among their Next Steps
 * notifications, enqueues the reminders due on the task's own days before (or the campus default),
 * idempotently: by email when they allow email (portal.md §3 `contact_by_email`) and did not choose
 * the daily digest (which gathers them, digest.ts), by text when they allow texts and gave a number
 * (`contact_by_text`, `sms_number`), and by web push to each device they turned notifications on for.
 * Resolves to the number of jobs it added.
 */
export async function planReminders(
  repos: Repositories,
  jobs: NotifyJobsRepository,
  now: Date,
  rules: ReminderRules,
  /** The devices a student turned web push on for (push-plan.ts); without it, no push. */
  devicesOf?: DevicesOf,
): Promise<number> {
  const typeId = await repos.deadlineTasks.notificationTypeId(TOPICS.deadlines.notificationType);
  if (typeId === undefined) return 0;
  // A deadline's reminders are the same for everyone with its task: worked out once a pass.
  const due = new Map<string, ReturnType<typeof remindersDue>>();
  const dueOf = (deadline: Date, offsets: readonly number[], dateOnly: boolean) => {
    const key = `${deadline.toISOString()} ${offsets.join(',')} ${dateOnly}`;
    let found = due.get(key);
    if (!found) {
      found = remindersDue(deadline, now, rules.zone, offsets, rules.morningHour, dateOnly);
      due.set(key, found);
    }
    return found;
  };
  let added = 0;
  // Only deadlines ahead, and near; a page of records at a time (open-deadlines.ts).
  const window = { at: now, after: now, upTo: new Date(now.getTime() + LOOKAHEAD_MS) };
  await forEachOpenPage(repos, window, async (rows) => {
    const people = [...new Set(rows.map((r) => r.userId))];
    const digest = await wantsDailyDigest(repos, people);
    const devicesByUser = devicesOf ? await devicesOf(people) : new Map<number, never[]>();
    const page: NewJob[] = [];
    for (const row of rows) {
      // Preferences are made with email on (PreferencesRepository.forUser): no row yet means on.
      // The daily digest gathers the reminder emails of those who chose it.
      const byEmail = row.email !== 0 && !digest.has(row.userId);
      // Texts only with contact_by_text and a number (portal.md §3); no row yet means off.
      const byText = row.byText === 1 && Boolean(row.smsNumber);
      const devices = devicesByUser.get(row.userId) ?? [];
      if (!byEmail && !byText && devices.length === 0) continue;
      if (!row.endsOn || !choosesType(row.notifications, typeId)) continue;
      const deadline = new Date(row.endsOn);
      if (Number.isNaN(deadline.getTime())) continue;
      const offsets = offsetsOf(row.offsets, rules.offsets);
      const dateOnly = row.endsOnDay !== null;
      for (const reminder of dueOf(deadline, offsets, dateOnly)) {
        const payload: ReminderPayload = {
          userTaskId: row.userTaskId,
          taskId: row.taskId,
          offset: reminder.offset,
          deadline: deadline.toISOString(),
        };
        // Web push: the same reminder to each device the student turned notifications on for.
        page.push(...pushReminderJobs(devices, payload, reminder.runAt));
        const job = { topic: 'deadlines', userId: row.userId, payload, runAt: reminder.runAt };
        if (byEmail) page.push({ ...job, idempotencyKey: reminderKey(payload), channel: 'email' });
        if (byText) page.push({ ...job, idempotencyKey: textReminderKey(payload), channel: 'sms' });
      }
    }
    // The page's jobs in a few statements; a key already there adds nothing.
    added += await jobs.enqueueMany(page, now);
  });
  return added;
}
