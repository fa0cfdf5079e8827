import type { Language } from '../../contract/language.schema.js';
import type { NotifyJob } from '../db/repositories/notify-jobs.repository.js';
import type { Repositories } from '../db/repositories.js';
import { storedLanguage } from '../i18n/catalogue.js';
import { dueWords } from './due-words.js';
import type { Mailer } from './mailer.js';
import { wantsDailyDigest } from './digest.js';
import { choosesType, reminderPayloadSchema } from './planner.js';
import type { ReminderRules } from './planner.js';
import { reminderNoLongerDue } from './reminder-check.js';
import { renderReminder } from './reminder-email.js';
import { reminderText } from './reminder-text.js';
import type { Texter } from './texter.js';
import { TOPICS } from './topics.js';
import type { UnsubscribeTokens } from './unsubscribe.js';
import type { Outcome } from './worker.js';

export interface SenderOptions {
  /** The store's repositories (app.repositories). */
  repos: Repositories;
  mailer: Mailer;
  /** Text messages (`sms` jobs): Twilio, or the outbox. */
  texter: Texter;
  tokens: UnsubscribeTokens;
  clock: () => Date;
  publicOrigin: string;
  timeZone: string;
  /** The portal's name in each language (the campus configuration): the recipient's is used. */
  productNames: Record<Language, string>;
  /** The campus default reminder days, for a task that gives none. */
  rules: ReminderRules;
}

/**
 * Sends one reminder job by email or, for an `sms` job, by text message, after checking again what the planner checked: a reminder that
 * is no longer called for (done, dismissed, a moved or passed deadline, consent withdrawn, topic
 * unsubscribed) is dropped with its reason instead.
 */
export function reminderSender(o: SenderOptions) {
  return async (job: NotifyJob): Promise<Outcome> => {
    const parsed = reminderPayloadSchema.safeParse(JSON.parse(job.payload));
    if (!parsed.success) return { state: 'dropped', reason: 'unreadable payload' };
    const p = parsed.data;
    const now = o.clock();
    const row = await o.repos.deadlineTasks.reminderTaskWithContact(p.userTaskId, job.user_id, now);
    const stale = reminderNoLongerDue(row, p, now, o.rules.offsets);
    if (stale || !row) return stale ?? { state: 'dropped', reason: 'task not assigned' };
    // A date-only deadline is worded by its campus day, without a clock time.
    const language = storedLanguage(row.language);
    const words = dueWords(new Date(p.deadline), row.endsOnDay, now, o.timeZone, language);
    const text = job.channel === 'sms';
    if (!text && row.byEmail === 0) return { state: 'dropped', reason: 'email not allowed' };
    // portal.md §3: texts only with contact_by_text (no row yet: the default, which is off).
    if (text && row.byText !== 1) return { state: 'dropped', reason: 'text not allowed' };
    const typeId = await o.repos.deadlineTasks.notificationTypeId(
      TOPICS.deadlines.notificationType,
    );
    if (typeId === undefined || !row.notifications || !choosesType(row.notifications, typeId)) {
      return { state: 'dropped', reason: 'topic not chosen' };
    }
    if (text) {
      if (!row.smsNumber) return { state: 'dropped', reason: 'no text number' };
      const body = reminderText({
        productName: o.productNames[language],
        taskTitle: row.title,
        ...words,
        taskUrl: `${o.publicOrigin}/next-steps/task/${p.taskId}`,
      });
      return o.texter.send({ jobId: job.id, to: row.smsNumber, body, topic: 'deadlines' }, now);
    }
    if (!row.email) return { state: 'dropped', reason: 'no email address' };
    if ((await wantsDailyDigest(o.repos, [job.user_id])).has(job.user_id)) {
      return { state: 'dropped', reason: 'in the daily digest' };
    }
    const unsubscribe = o.tokens.link(o.publicOrigin, job.user_id, 'deadlines');
    const email = renderReminder({
      productName: o.productNames[language],
      firstName: row.firstName,
      taskTitle: row.title,
      ...words,
      taskUrl: `${o.publicOrigin}/next-steps/task/${p.taskId}`,
      preferencesUrl: `${o.publicOrigin}/next-steps/preferences`,
      unsubscribeUrl: unsubscribe.url,
      language,
    });
    // The mailer's outcome: sent, or dropped when the address or the server refuses for good.
    return o.mailer.send(
      {
        jobId: job.id,
        to: row.email,
        topic: 'deadlines',
        ...email,
        // Issue 59: the language the email is written in, for the reader's mail client.
        headers: { ...unsubscribe.headers, 'Content-Language': language },
      },
      now,
    );
  };
}
