import { createHash } from 'node:crypto';
import { z } from 'zod';
import { courseworkSourceSchema } from '../../contract/coursework.schema.js';
import type { PushMessage } from '../../contract/push.schema.js';
import type { NotifyJob } from '../db/repositories/notify-jobs.repository.js';
import { storedLanguage } from '../i18n/catalogue.js';
import type { Repositories } from '../db/repositories.js';
import { campusDate } from '../time.js';
import { renderCourseworkReminder } from './coursework-email.js';
import { dueWords, reminderPushText } from './due-words.js';
import type { DueWords } from './due-words.js';
import type { SenderOptions } from './reminder-sender.js';
import { reminderText } from './reminder-text.js';
import { TOPICS, choosesType } from './topics.js';
import { emailRefusal, textRefusal } from './channels/consent.js';
import type { Outcome } from './outcome.js';

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

type CourseworkRow = NonNullable<Awaited<ReturnType<Repositories['courseworkReminders']['item']>>>;

/**
 * A coursework reminder checked again when it comes due, on whichever channel: the item as the feed
 * holds it now and its due time in words, or why it is no longer called for — the item gone from the
 * feed, the feed broken, the item done, its due time moved or passed, the topic unchosen.
 */
export async function courseworkReminderNow(
  repos: Repositories,
  job: NotifyJob,
  now: Date,
  zone: string,
): Promise<{ row: CourseworkRow; words: DueWords } | Outcome> {
  const parsed = courseworkPayloadSchema.safeParse(JSON.parse(job.payload));
  if (!parsed.success) return { state: 'dropped', reason: 'unreadable payload' };
  const p = parsed.data;
  const row = await repos.courseworkReminders.item(job.user_id, p.itemId);
  if (!row) return { state: 'dropped', reason: 'item no longer in the feed' };
  if (row.status === 'broken') return { state: 'dropped', reason: 'feed broken' };
  if (Number(row.done) === 1) return { state: 'dropped', reason: 'item done' };
  const due = new Date(row.due);
  if (due.toISOString() !== p.due) return { state: 'dropped', reason: 'due time moved' };
  if (due <= now) return { state: 'dropped', reason: 'due time passed' };
  const typeId = await repos.deadlineTasks.notificationTypeId(TOPICS.coursework.notificationType);
  if (typeId === undefined || !row.notifications || !choosesType(row.notifications, typeId)) {
    return { state: 'dropped', reason: 'topic not chosen' };
  }
  // An all-day item is due at the end of its campus day: worded by the day, without a clock time.
  const day = Number(row.allDay) === 1 ? campusDate(due, zone) : null;
  return { row, words: dueWords(due, day, now, zone, storedLanguage(row.language)) };
}

/** The item's name in a text or push: "Essay 2 (ENGL 101)", or the title alone. */
const itemName = (row: CourseworkRow) => (row.course ? `${row.title} (${row.course})` : row.title);

/**
 * Sends one coursework reminder by text after checking it again (`courseworkReminderNow`) and the
 * text consent (channels/consent.ts): the item's name, its due time and the link back to the LMS.
 */
export function courseworkTextSender(o: SenderOptions) {
  return async (job: NotifyJob): Promise<Outcome> => {
    const now = o.clock();
    const checked = await courseworkReminderNow(o.repos, job, now, o.timeZone);
    if ('state' in checked) return checked;
    const { row, words } = checked;
    const refused = textRefusal(row);
    if (refused || !row.smsNumber) return { state: 'dropped', reason: refused ?? 'no text number' };
    const body = reminderText({
      productName: o.productNames[words.language ?? 'en'],
      taskTitle: itemName(row),
      ...words,
      taskUrl: row.link ?? `${o.publicOrigin}/`,
    });
    return o.texter.send({ jobId: job.id, to: row.smsNumber, body, topic: 'coursework' }, now);
  };
}

/**
 * Sends one coursework reminder by email after checking it again (`courseworkReminderNow`) and the
 * email consent. The email names the course, the title, the due time on the campus clock and the
 * link back to the LMS, with the topic's one-click unsubscribe.
 */
export function courseworkEmailSender(o: SenderOptions) {
  return async (job: NotifyJob): Promise<Outcome> => {
    const now = o.clock();
    const checked = await courseworkReminderNow(o.repos, job, now, o.timeZone);
    if ('state' in checked) return checked;
    const { row, words } = checked;
    const preferencesUrl = `${o.publicOrigin}/next-steps/preferences`;
    const refused = emailRefusal({ byEmail: row.byEmail, email: row.email });
    if (refused || !row.email) return { state: 'dropped', reason: refused ?? 'no email address' };
    const unsubscribe = o.tokens.link(o.publicOrigin, job.user_id, 'coursework');
    const source = courseworkSourceSchema.catch('other').parse(row.source);
    const email = renderCourseworkReminder({
      productName: o.productNames[words.language ?? 'en'],
      firstName: row.firstName,
      title: row.title,
      course: row.course,
      ...words,
      link: row.link,
      source,
      preferencesUrl,
      unsubscribeUrl: unsubscribe.url,
    });
    return o.mailer.send(
      {
        jobId: job.id,
        to: row.email,
        topic: 'coursework',
        ...email,
        // Issue 59: the language the email is written in, for the reader's mail client.
        headers: { ...unsubscribe.headers, 'Content-Language': words.language ?? 'en' },
      },
      now,
    );
  };
}

/** A coursework reminder's push notification, or why it is no longer called for; it opens the dashboard (Upcoming Tasks). */
export async function courseworkPush(
  repos: Repositories,
  job: NotifyJob,
  now: Date,
  zone: string,
): Promise<PushMessage | Outcome> {
  const checked = await courseworkReminderNow(repos, job, now, zone);
  if ('state' in checked) return checked;
  return {
    ...reminderPushText(itemName(checked.row), checked.words),
    url: '/',
    // One tag per item and due time on every device: a repeat replaces rather than stacks.
    tag: job.idempotency_key.replace(/:push:\d+$/, '').slice(0, 100),
  };
}
