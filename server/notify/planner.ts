import type { Kysely } from 'kysely';
import { z } from 'zod';
import { MAX_REMINDER_DAYS } from '../../contract/admin/tasks.schema.js';
import { defaultCampus } from '../../contract/campus.schema.js';
import { storedOffsets } from '../db/repositories/admin-tasks.repository.js';
import type { NotifyJobsRepository } from '../db/repositories/notify-jobs.repository.js';
import type { DatabaseSchema } from '../db/schema.js';
import { addDays, campusClockTime, campusDate, campusInstant } from '../time.js';
import { enqueuePushReminders } from './push-plan.js';
import type { DevicesOf } from './push-plan.js';
import { wantsDailyDigest } from './digest.js';
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
 * goes out at the campus morning hour, or an hour before a deadline earlier than that.
 */
export function reminderTime(
  deadline: Date,
  offsetDays: number,
  zone: string,
  morningHour: number = CAMPUS.morningHour,
): Date {
  const day = addDays(campusDate(deadline, zone), -offsetDays);
  if (offsetDays > 0) return campusInstant(day, campusClockTime(deadline, zone), zone);
  const morning = campusInstant(day, `${String(morningHour).padStart(2, '0')}:00`, zone);
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
): Array<{ offset: number; runAt: Date }> {
  if (deadline <= now) return [];
  const points = offsets.map((offset) => ({
    offset,
    at: reminderTime(deadline, offset, zone, morningHour),
  }));
  const ahead = points
    .filter((p) => p.at > now && p.at.getTime() <= now.getTime() + HORIZON_MS)
    .map((p) => ({ offset: p.offset, runAt: p.at }));
  const passed = points.filter((p) => p.at <= now).sort((a, b) => b.at.getTime() - a.at.getTime());
  const latest = passed[0];
  return latest ? [{ offset: latest.offset, runAt: now }, ...ahead] : ahead;
}

const idsSchema = z.array(z.number().int());

/** The notification type's id that stands for a topic, or undefined before Next Steps is seeded. */
export async function notificationTypeId(
  db: Kysely<DatabaseSchema>,
  name: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('ns_notification_types')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.id;
}

/** Whether a person's Next Steps notifications (JSON id list text) include a type. */
export function choosesType(notifications: string, typeId: number): boolean {
  const parsed = idsSchema.safeParse(JSON.parse(notifications));
  return parsed.success && parsed.data.includes(typeId);
}

/** The window of deadlines `openDeadlineTasks` reads: after one time, up to another, or both. */
export interface DeadlineWindow {
  /** The time the tasks are looked at: a task published later is not there yet. */
  at: Date;
  /** Deadlines strictly after this time. */
  after?: Date;
  /** Deadlines at or before this time. */
  upTo?: Date;
  /** One person's tasks only (a sender's second look). */
  userId?: number;
}

/**
 * The one query of open tasks with deadlines, the reminders' and the digests' alike: each person's
 * record of a published task with a deadline in the window, neither done nor dismissed, for people
 * Next Steps knows (their chosen notifications), with their contact preferences (no row: defaults).
 * Earliest deadline first. Times are ISO-8601 UTC text on both stores, which sorts as time.
 */
export function openDeadlineTasks(db: Kysely<DatabaseSchema>, w: DeadlineWindow) {
  const at = w.at.toISOString();
  return db
    .selectFrom('ns_user_tasks as ut')
    .innerJoin('ns_tasks as t', 't.id', 'ut.task_id')
    .innerJoin('ns_user_preferences as np', 'np.user_id', 'ut.user_id')
    .leftJoin('preferences as p', 'p.user_id', 'ut.user_id')
    .select([
      'ut.id as userTaskId',
      'ut.user_id as userId',
      't.id as taskId',
      't.title',
      't.ends_on as endsOn',
      't.reminder_offsets as offsets',
      'np.notifications as notifications',
      'p.contact_by_email as email',
      'p.contact_by_text as byText',
      'p.sms_number as smsNumber',
    ])
    .where('t.published', '=', 1)
    .where('t.has_deadline', '=', 1)
    .where('t.ends_on', 'is not', null)
    .$if(w.after !== undefined, (qb) => qb.where('t.ends_on', '>', w.after?.toISOString() ?? at))
    .$if(w.upTo !== undefined, (qb) => qb.where('t.ends_on', '<=', w.upTo?.toISOString() ?? at))
    .where((eb) => eb.or([eb('t.publishes_on', 'is', null), eb('t.publishes_on', '<=', at)]))
    .where('ut.completed_on', 'is', null)
    .where('ut.does_not_apply_on', 'is', null)
    .$if(w.userId !== undefined, (qb) => qb.where('ut.user_id', '=', w.userId ?? 0))
    .orderBy('t.ends_on')
    .orderBy('t.id')
    .execute();
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
  db: Kysely<DatabaseSchema>,
  jobs: NotifyJobsRepository,
  now: Date,
  rules: ReminderRules,
  /** The devices a student turned web push on for (push-plan.ts); without it, no push. */
  devicesOf?: DevicesOf,
): Promise<number> {
  const typeId = await notificationTypeId(db, TOPICS.deadlines.notificationType);
  if (typeId === undefined) return 0;
  const rows = await openDeadlineTasks(db, {
    at: now,
    // Only deadlines ahead, and near.
    after: now,
    upTo: new Date(now.getTime() + LOOKAHEAD_MS),
  });
  const digest = await wantsDailyDigest(db, [...new Set(rows.map((r) => r.userId))]);
  let added = 0;
  for (const row of rows) {
    // Preferences are made with email on (PreferencesRepository.forUser): no row yet means on.
    // The daily digest gathers the reminder emails of those who chose it.
    const byEmail = row.email !== 0 && !digest.has(row.userId);
    // Texts only with contact_by_text and a number (portal.md §3); no row yet means off.
    const byText = row.byText === 1 && Boolean(row.smsNumber);
    const devices = (await devicesOf?.(row.userId)) ?? [];
    if (!byEmail && !byText && devices.length === 0) continue;
    if (!row.endsOn || !choosesType(row.notifications, typeId)) continue;
    const deadline = new Date(row.endsOn);
    if (Number.isNaN(deadline.getTime())) continue;
    const offsets = offsetsOf(row.offsets, rules.offsets);
    for (const due of remindersDue(deadline, now, rules.zone, offsets, rules.morningHour)) {
      const payload: ReminderPayload = {
        userTaskId: row.userTaskId,
        taskId: row.taskId,
        offset: due.offset,
        deadline: deadline.toISOString(),
      };
      // Web push: the same reminder to each device the student turned notifications on for.
      added += await enqueuePushReminders(jobs, devices, payload, due.runAt, now);
      const fresh =
        byEmail &&
        (await jobs.enqueue(
          {
            idempotencyKey: reminderKey(payload),
            channel: 'email',
            topic: 'deadlines',
            userId: row.userId,
            payload,
            runAt: due.runAt,
          },
          now,
        ));
      if (fresh) added += 1;
      const texted =
        byText &&
        (await jobs.enqueue(
          {
            idempotencyKey: textReminderKey(payload),
            channel: 'sms',
            topic: 'deadlines',
            userId: row.userId,
            payload,
            runAt: due.runAt,
          },
          now,
        ));
      if (texted) added += 1;
    }
  }
  return added;
}
