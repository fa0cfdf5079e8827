import type { CourseworkDueRow } from '../db/repositories/coursework-reminders.repository.js';
import type { NotifyJobsRepository } from '../db/repositories/notify-jobs.repository.js';
import type { Repositories } from '../db/repositories.js';
import { remindersDue } from './planner.js';
import { courseworkKey } from './coursework-sender.js';
import type { CourseworkPayload } from './coursework-sender.js';
import type { ReminderRules } from './planner.js';
import { keyPart, payloadFor } from './channels/target.js';
import type { DevicesOf } from './push-plan.js';
import { TOPICS } from './topics.js';
import { planPages } from './planner-pages.js';

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
  const window = {
    after: now,
    // The lead, the planner's horizon of two days and a daylight-saving hour.
    upTo: new Date(now.getTime() + (rules.courseworkDays + 2) * DAY_MS + 3_600_000),
  };
  // Each page of items (planner-pages.ts): the students who chose the topic, on each channel.
  return planPages<CourseworkDueRow>(
    (last) => repos.courseworkReminders.due(window, COURSEWORK_PAGE, last),
    COURSEWORK_PAGE,
    typeId,
    devicesOf,
    async (row, reach) => {
      const due = new Date(row.due);
      const [reminder] = remindersDue(
        due,
        now,
        rules.zone,
        [rules.courseworkDays],
        rules.morningHour,
        row.allDay === 1,
      );
      if (!reminder) return 0;
      const payload: CourseworkPayload = {
        kind: 'coursework',
        itemId: row.itemId,
        due: due.toISOString(),
      };
      let added = 0;
      // On each channel that reaches the student (channels/), one job per device for push.
      for (const { channel, target } of reach) {
        const fresh = await jobs.enqueue(
          {
            idempotencyKey: courseworkKey(row.userId, payload, keyPart(channel, target)),
            channel,
            kind: 'coursework',
            topic: 'coursework',
            userId: row.userId,
            payload: payloadFor(payload, 'coursework', target),
            runAt: reminder.runAt,
          },
          now,
        );
        if (fresh) added += 1;
      }
      return added;
    },
  );
}
