import type { NewJob, NotifyJobsRepository } from '../db/repositories/notify-jobs.repository.js';
import type { Repositories } from '../db/repositories.js';
import { payloadFor } from './channels/target.js';
import { eachChannel } from './channels/index.js';
import { wantsDailyDigest } from './digest.js';
import { forEachOpenPage } from './open-deadlines.js';
import { LOOKAHEAD_MS, offsetsOf, reminderKeyOn, remindersDue } from './planner.js';
import type { ReminderPayload, ReminderRules } from './planner.js';
import type { DevicesOf } from './push-plan.js';
import { TOPICS, choosesType } from './topics.js';

/**
 * The periodic planner: for every student with a record of a published task with a deadline, who
 * has neither done nor dismissed it, and chose deadline reminders among their Next Steps
 * notifications, enqueues the reminders due on the task's own days before (or the campus default),
 * idempotently, on each channel that reaches them (channels/: by email when they allow email,
 * portal.md §3 `contact_by_email`, unless they chose the daily digest, which gathers them, digest.ts;
 * by text when they allow texts and gave a number, `contact_by_text`, `sms_number`; by web push to
 * each device they turned notifications on for). Resolves to the number of jobs it added.
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
      const devices = devicesByUser.get(row.userId) ?? [];
      const contact = { byEmail: row.email, byText: row.byText, smsNumber: row.smsNumber };
      // The daily digest gathers the reminder emails of those who chose it.
      const targets = eachChannel()
        .filter(([, way]) => !(way.inDailyDigest && digest.has(row.userId)))
        .flatMap(([channel, way]) =>
          way.targets(row.userId, contact, devices).map((target) => ({ channel, target })),
        );
      if (targets.length === 0) continue;
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
        // One job per channel that reaches the student, per device for web push.
        for (const { channel, target } of targets) {
          page.push({
            idempotencyKey: reminderKeyOn(channel, payload, target),
            channel,
            kind: 'reminder',
            topic: 'deadlines',
            userId: row.userId,
            payload: payloadFor(payload, 'reminder', target),
            runAt: reminder.runAt,
          });
        }
      }
    }
    // The page's jobs in a few statements; a key already there adds nothing.
    added += await jobs.enqueueMany(page, now);
  });
  return added;
}
