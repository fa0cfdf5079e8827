import type { Language } from '../../contract/language.schema.js';
import type { NotifyJob } from '../db/repositories/notify-jobs.repository.js';
import type { Repositories } from '../db/repositories.js';
import { storedLanguage } from '../i18n/catalogue.js';
import { dueWords } from './due-words.js';
import type { DueWords } from './due-words.js';
import type { Mailer } from './mailer.js';
import { wantsDailyDigest } from './digest.js';
import { reminderPayloadSchema } from './planner.js';
import type { ReminderPayload, ReminderRules } from './planner.js';
import { reminderNoLongerDue } from './reminder-check.js';
import { renderReminder } from './reminder-email.js';
import { reminderText } from './reminder-text.js';
import type { Texter } from './texter.js';
import { TOPICS, choosesType } from './topics.js';
import type { UnsubscribeTokens } from './unsubscribe.js';
import type { Outcome } from './outcome.js';
import { emailRefusal, textRefusal } from './channels/consent.js';

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

type ReminderRow = NonNullable<
  Awaited<ReturnType<Repositories['deadlineTasks']['reminderTaskWithContact']>>
>;

/** A reminder checked again: its payload, its task and contact, and its words. */
interface LiveReminder {
  p: ReminderPayload;
  row: ReminderRow;
  language: Language;
  words: DueWords;
}

/** The reminder a job names, checked again, or why it is no longer called for. */
async function reminderNow(
  o: SenderOptions,
  job: NotifyJob,
  now: Date,
): Promise<LiveReminder | Outcome> {
  const parsed = reminderPayloadSchema.safeParse(JSON.parse(job.payload));
  if (!parsed.success) return { state: 'dropped', reason: 'unreadable payload' };
  const p = parsed.data;
  const row = await o.repos.deadlineTasks.reminderTaskWithContact(p.userTaskId, job.user_id, now);
  const stale = reminderNoLongerDue(row, p, now, o.rules.offsets);
  if (stale || !row) return stale ?? { state: 'dropped', reason: 'task not assigned' };
  const typeId = await o.repos.deadlineTasks.notificationTypeId(TOPICS.deadlines.notificationType);
  if (typeId === undefined || !row.notifications || !choosesType(row.notifications, typeId)) {
    return { state: 'dropped', reason: 'topic not chosen' };
  }
  // A date-only deadline is worded by its campus day, without a clock time.
  const language = storedLanguage(row.language);
  const words = dueWords(new Date(p.deadline), row.endsOnDay, now, o.timeZone, language);
  return { p, row, language, words };
}

/**
 * Sends one reminder job by text message after checking again what the planner checked: a reminder
 * that is no longer called for (done, dismissed, a moved or passed deadline, consent withdrawn,
 * topic unsubscribed) is dropped with its reason instead.
 */
export function reminderTextSender(o: SenderOptions) {
  return async (job: NotifyJob): Promise<Outcome> => {
    const now = o.clock();
    const live = await reminderNow(o, job, now);
    if ('state' in live) return live;
    const { p, row, language, words } = live;
    const refused = textRefusal(row);
    if (refused || !row.smsNumber) return { state: 'dropped', reason: refused ?? 'no text number' };
    const body = reminderText({
      productName: o.productNames[language],
      taskTitle: row.title,
      ...words,
      taskUrl: `${o.publicOrigin}/next-steps/task/${p.taskId}`,
    });
    return o.texter.send({ jobId: job.id, to: row.smsNumber, body, topic: 'deadlines' }, now);
  };
}

/**
 * Sends one reminder job by email after checking again, as the text's sender does; a reminder the
 * daily digest now gathers is dropped too.
 */
export function reminderEmailSender(o: SenderOptions) {
  return async (job: NotifyJob): Promise<Outcome> => {
    const now = o.clock();
    const live = await reminderNow(o, job, now);
    if ('state' in live) return live;
    const { p, row, language, words } = live;
    const refused = emailRefusal({ byEmail: row.byEmail, email: row.email });
    if (refused || !row.email) return { state: 'dropped', reason: refused ?? 'no email address' };
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
