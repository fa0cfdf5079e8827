import type { PushMessage } from '../../contract/push.schema.js';
import type { AppointmentNowRow } from '../db/repositories/appointment-reminders.repository.js';
import type { NotifyJob } from '../db/repositories/notify-jobs.repository.js';
import type { Repositories } from '../db/repositories.js';
import { storedLanguage } from '../i18n/catalogue.js';
import { renderAppointmentReminder } from './appointment-email.js';
import { appointmentPayloadSchema } from './appointment-key.js';
import {
  appointmentPushText,
  appointmentText,
  appointmentWords,
  whereOf,
} from './appointment-words.js';
import type { AppointmentWords } from './appointment-words.js';
import { emailRefusal, textRefusal } from './channels/consent.js';
import type { Outcome } from './outcome.js';
import type { SenderOptions } from './reminder-sender.js';
import { TOPICS, choosesType } from './topics.js';

const HOUR_MS = 3_600_000;

/**
 * An appointment reminder checked again when it comes due, on whichever channel: the appointment as
 * it is now and its time in words, or why it is no longer called for — gone, cancelled, moved to
 * another time or person, begun (the evening reminder: its hour-before one is due), the topic
 * unchosen.
 */
export async function appointmentReminderNow(
  repos: Repositories,
  job: NotifyJob,
  now: Date,
  zone: string,
): Promise<{ row: AppointmentNowRow; words: AppointmentWords } | Outcome> {
  const parsed = appointmentPayloadSchema.safeParse(JSON.parse(job.payload));
  if (!parsed.success) return { state: 'dropped', reason: 'unreadable payload' };
  const p = parsed.data;
  const row = await repos.appointmentReminders.appointment(p.appointmentId);
  if (!row) return { state: 'dropped', reason: 'appointment gone' };
  if (Number(row.cancelled) === 1) return { state: 'dropped', reason: 'appointment cancelled' };
  if (row.userId !== job.user_id) return { state: 'dropped', reason: 'appointment moved' };
  const startsAt = new Date(row.startsAt);
  if (startsAt.toISOString() !== p.startsAt)
    return { state: 'dropped', reason: 'appointment moved' };
  const until = p.lead === 'hour' ? startsAt.getTime() : startsAt.getTime() - HOUR_MS;
  if (now.getTime() >= until) {
    return {
      state: 'dropped',
      reason: p.lead === 'hour' ? 'appointment begun' : 'the hour-before reminder is due',
    };
  }
  const typeId = await repos.deadlineTasks.notificationTypeId(TOPICS.appointments.notificationType);
  if (typeId === undefined || !row.notifications || !choosesType(row.notifications, typeId)) {
    return { state: 'dropped', reason: 'topic not chosen' };
  }
  const words = appointmentWords(startsAt, p.lead, now, zone, storedLanguage(row.language));
  return { row, words };
}

/**
 * Sends one appointment reminder by text after checking it again (`appointmentReminderNow`) and
 * the text consent (channels/consent.ts): with whom, when, and the place or the online link.
 */
export function appointmentTextSender(o: SenderOptions) {
  return async (job: NotifyJob): Promise<Outcome> => {
    const now = o.clock();
    const checked = await appointmentReminderNow(o.repos, job, now, o.timeZone);
    if ('state' in checked) return checked;
    const { row, words } = checked;
    const refused = textRefusal(row);
    if (refused || !row.smsNumber) return { state: 'dropped', reason: refused ?? 'no text number' };
    const body = appointmentText({
      productName: o.productNames[words.language],
      withName: row.withName,
      where: whereOf(row),
      words,
    });
    return o.texter.send({ jobId: job.id, to: row.smsNumber, body, topic: 'appointments' }, now);
  };
}

/**
 * Sends one appointment reminder by email after checking it again (`appointmentReminderNow`) and
 * the email consent, with the topic's one-click unsubscribe.
 */
export function appointmentEmailSender(o: SenderOptions) {
  return async (job: NotifyJob): Promise<Outcome> => {
    const now = o.clock();
    const checked = await appointmentReminderNow(o.repos, job, now, o.timeZone);
    if ('state' in checked) return checked;
    const { row, words } = checked;
    const refused = emailRefusal({ byEmail: row.byEmail, email: row.email });
    if (refused || !row.email) return { state: 'dropped', reason: refused ?? 'no email address' };
    const unsubscribe = o.tokens.link(o.publicOrigin, job.user_id, 'appointments');
    const email = renderAppointmentReminder({
      productName: o.productNames[words.language],
      firstName: row.firstName,
      withName: row.withName,
      withOffice: row.withOffice,
      place: row.place,
      onlineLink: row.onlineLink,
      words,
      preferencesUrl: `${o.publicOrigin}/next-steps/preferences`,
      unsubscribeUrl: unsubscribe.url,
    });
    return o.mailer.send(
      {
        jobId: job.id,
        to: row.email,
        topic: 'appointments',
        ...email,
        headers: { ...unsubscribe.headers, 'Content-Language': words.language },
      },
      now,
    );
  };
}

/** An appointment reminder's push notification, or why it is no longer called for; it opens the dashboard (today's appointments). */
export async function appointmentPush(
  repos: Repositories,
  job: NotifyJob,
  now: Date,
  zone: string,
): Promise<PushMessage | Outcome> {
  const checked = await appointmentReminderNow(repos, job, now, zone);
  if ('state' in checked) return checked;
  const { row, words } = checked;
  return {
    ...appointmentPushText(row.withName, whereOf(row), words),
    url: '/',
    // One tag per appointment and start on every device: the hour-before replaces the evening's.
    tag: job.idempotency_key
      .replace(/:push:\d+$/, '')
      .replace(/:(evening|hour):/, ':')
      .slice(0, 100),
  };
}
