import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { CourseworkDueRow } from '../db/repositories/coursework-reminders.repository.js';
import type { NotifyJobsRepository } from '../db/repositories/notify-jobs.repository.js';
import type { Repositories } from '../db/repositories.js';
import { choosesType, remindersDue } from './planner.js';
import type { ReminderRules } from './planner.js';
import { yieldToLoop } from './open-deadlines.js';
import type { DevicesOf } from './push-plan.js';
import { TOPICS } from './topics.js';

/**
 * How many days before a coursework item is due its one reminder goes (issue 45: "a reminder for an
 * item due in two days"). The task reminders' days are per task, else the campus's 3 and 1: two
 * reminders, where a coursework item has one. Kept out of the campus configuration, which the
 * browser's first route carries whole.
 */
export const COURSEWORK_LEAD_DAYS = 2;

/** The reminder rules with the coursework lead. */
export interface CourseworkRules extends ReminderRules {
  courseworkDays: number;
}

/** One coursework reminder: the item (its id in the student's feed) and the due time it is about. */
export const courseworkPayloadSchema = z.object({
  kind: z.literal('coursework'),
  itemId: z.string().min(1).max(600),
  due: z.iso.datetime(),
});
export type CourseworkPayload = z.infer<typeof courseworkPayloadSchema>;

/** A coursework reminder for one device (push-sender.ts). */
export const pushCourseworkPayloadSchema = courseworkPayloadSchema.extend({
  subscriptionId: z.number().int(),
});

/**
 * `coursework:<user>:<item digest>:<due>`, then the channel (`email`, `sms`, `push:<device>`): one
 * reminder per item and due time, whichever process plans it; an item moved to another time is a new
 * reminder. The item's id is the LMS's (up to 600 characters of any kind), so the key holds its digest.
 */
export function courseworkKey(userId: number, p: CourseworkPayload, channel: string): string {
  const item = createHash('sha256').update(p.itemId).digest('base64url').slice(0, 22);
  return `coursework:${userId}:${item}:${p.due}:${channel}`;
}

const DAY_MS = 86_400_000;

/**
 * The periodic planner of coursework reminders (issue 45): for every item of a student's LMS feed
 * that is not broken, not done, and due within the lead (`COURSEWORK_LEAD_DAYS`), to a
 * student who chose "Coursework due dates" among their Next Steps notifications, one reminder at the
 * task reminders' rule (`remindersDue`: that many campus days before at the due time of day, an
 * all-day item at the campus morning hour; an item first seen later than that, at once while it is
 * still ahead), by email (unless they turned email off), by text (with `contact_by_text` and a
 * number) and by web push to each device. Idempotent; resolves to the number of jobs added.
 */
/** Items a page (each a row of the window's statement). */
const COURSEWORK_PAGE = 500;

export async function planCourseworkReminders(
  repos: Repositories,
  jobs: NotifyJobsRepository,
  now: Date,
  rules: CourseworkRules,
  devicesOf?: DevicesOf,
): Promise<number> {
  const typeId = await repos.deadlineTasks.notificationTypeId(TOPICS.coursework.notificationType);
  if (typeId === undefined) return 0;
  const topicType: number = typeId;
  const window = {
    after: now,
    // The lead, the planner's horizon of two days and a daylight-saving hour.
    upTo: new Date(now.getTime() + (rules.courseworkDays + 2) * DAY_MS + 3_600_000),
  };
  let added = 0;
  // A page of items at a time, with a turn of the event loop between pages (open-deadlines.ts): on
  // SQLite a statement runs synchronously, and a campus's window holds every student's items.
  let page = await repos.courseworkReminders.due(window, COURSEWORK_PAGE);
  for (;;) {
    added += await planPage(page);
    const last = page.at(-1);
    if (page.length < COURSEWORK_PAGE || !last) return added;
    await yieldToLoop();
    page = await repos.courseworkReminders.due(window, COURSEWORK_PAGE, last);
  }

  async function planPage(rows: readonly CourseworkDueRow[]): Promise<number> {
    let added = 0;
    const chosen = rows.filter((row) => choosesType(row.notifications, topicType));
    // Every device of the page's people, read at once (500 people a statement).
    const devicesByUser = devicesOf
      ? await devicesOf([...new Set(chosen.map((row) => row.userId))])
      : new Map<number, never[]>();
    for (const row of chosen) {
      const byEmail = row.email !== 0;
      const byText = row.byText === 1 && Boolean(row.smsNumber);
      const devices = devicesByUser.get(row.userId) ?? [];
      if (!byEmail && !byText && devices.length === 0) continue;
      const due = new Date(row.due);
      const [reminder] = remindersDue(
        due,
        now,
        rules.zone,
        [rules.courseworkDays],
        rules.morningHour,
        row.allDay === 1,
      );
      if (!reminder) continue;
      const payload: CourseworkPayload = {
        kind: 'coursework',
        itemId: row.itemId,
        due: due.toISOString(),
      };
      const enqueue = async (channel: 'email' | 'sms' | 'push', key: string, extra = {}) =>
        (await jobs.enqueue(
          {
            idempotencyKey: key,
            channel,
            topic: 'coursework',
            userId: row.userId,
            payload: { ...payload, ...extra },
            runAt: reminder.runAt,
          },
          now,
        ))
          ? 1
          : 0;
      if (byEmail) added += await enqueue('email', courseworkKey(row.userId, payload, 'email'));
      if (byText) added += await enqueue('sms', courseworkKey(row.userId, payload, 'sms'));
      for (const device of devices) {
        added += await enqueue('push', courseworkKey(row.userId, payload, `push:${device.id}`), {
          subscriptionId: device.id,
        });
      }
    }
    return added;
  }
}
