import type { Kysely } from 'kysely';
import type { NotifyJob } from '../db/repositories/notify-jobs.repository.js';
import type { DatabaseSchema } from '../db/schema.js';
import { campusDate, eventTimeString } from '../time.js';
import type { Mailer } from './mailer.js';
import { choosesType, notificationTypeId, reminderPayloadSchema } from './planner.js';
import { renderReminder } from './reminder-email.js';
import { TOPICS } from './topics.js';
import type { UnsubscribeTokens } from './unsubscribe.js';
import type { Outcome } from './worker.js';

export interface SenderOptions {
  db: Kysely<DatabaseSchema>;
  mailer: Mailer;
  tokens: UnsubscribeTokens;
  clock: () => Date;
  publicOrigin: string;
  timeZone: string;
  productName: string;
}

const DAY_MS = 86_400_000;

/** "today", "tomorrow", "in 3 days": campus calendar days from `now` to the deadline. */
export function dueIn(deadline: Date, now: Date, zone: string): string {
  const days = Math.round(
    (Date.parse(campusDate(deadline, zone)) - Date.parse(campusDate(now, zone))) / DAY_MS,
  );
  if (days <= 0) return 'today';
  return days === 1 ? 'tomorrow' : `in ${days} days`;
}

/**
 * Sends one reminder job by email, after checking again what the planner checked: a reminder that
 * is no longer called for (done, dismissed, a moved or passed deadline, consent withdrawn, topic
 * unsubscribed) is dropped with its reason instead.
 */
export function reminderSender(o: SenderOptions) {
  return async (job: NotifyJob): Promise<Outcome> => {
    const parsed = reminderPayloadSchema.safeParse(JSON.parse(job.payload));
    if (!parsed.success) return { state: 'dropped', reason: 'unreadable payload' };
    const p = parsed.data;
    const row = await o.db
      .selectFrom('ns_user_tasks as ut')
      .innerJoin('ns_tasks as t', 't.id', 'ut.task_id')
      .innerJoin('users as u', 'u.id', 'ut.user_id')
      .leftJoin('ns_user_preferences as np', 'np.user_id', 'ut.user_id')
      .leftJoin('preferences as p', 'p.user_id', 'ut.user_id')
      .select([
        't.title',
        't.ends_on as endsOn',
        't.published',
        'ut.completed_on as completedOn',
        'ut.does_not_apply_on as dismissedOn',
        'u.email',
        'u.first_name as firstName',
        'np.notifications',
        'p.contact_by_email as byEmail',
      ])
      .where('ut.id', '=', p.userTaskId)
      .where('ut.user_id', '=', job.user_id)
      .executeTakeFirst();
    const now = o.clock();
    if (!row || row.published !== 1) return { state: 'dropped', reason: 'task not assigned' };
    if (row.completedOn) return { state: 'dropped', reason: 'task done' };
    if (row.dismissedOn) return { state: 'dropped', reason: 'task dismissed' };
    if (!row.endsOn || new Date(row.endsOn).toISOString() !== p.deadline) {
      return { state: 'dropped', reason: 'deadline moved' };
    }
    const deadline = new Date(p.deadline);
    if (deadline <= now) return { state: 'dropped', reason: 'deadline passed' };
    if (row.byEmail === 0) return { state: 'dropped', reason: 'email not allowed' };
    const typeId = await notificationTypeId(o.db, TOPICS.deadlines.notificationType);
    if (typeId === undefined || !row.notifications || !choosesType(row.notifications, typeId)) {
      return { state: 'dropped', reason: 'topic not chosen' };
    }
    if (!row.email) return { state: 'dropped', reason: 'no email address' };
    const token = o.tokens.make(job.user_id, 'deadlines');
    const unsubscribeUrl = `${o.publicOrigin}/api/notify/unsubscribe?token=${encodeURIComponent(token)}`;
    const email = renderReminder({
      productName: o.productName,
      firstName: row.firstName,
      taskTitle: row.title,
      due: eventTimeString(deadline, null, o.timeZone),
      when: dueIn(deadline, now, o.timeZone),
      taskUrl: `${o.publicOrigin}/next-steps/task/${p.taskId}`,
      preferencesUrl: `${o.publicOrigin}/next-steps/preferences`,
      unsubscribeUrl,
    });
    await o.mailer.send(
      {
        jobId: job.id,
        to: row.email,
        topic: 'deadlines',
        ...email,
        headers: {
          'List-Unsubscribe': `<${unsubscribeUrl}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      },
      now,
    );
    return { state: 'sent' };
  };
}
