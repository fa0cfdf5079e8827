import type { Preferences } from '../../../contract/preferences.schema.js';
import type { NotifyOptions } from '../../../server/notify/notify.js';
import { appointmentFor, bearer, publisherWithKey } from '../inbound/inbound-helpers.js';
import { reminderApp } from './fixture.js';

/** Thu Dec 3, 2026, 10:00 AM PST: Ana's appointment with Dr. Lee. */
export const STARTS = new Date('2026-12-03T18:00:00.000Z');
/** Wed Dec 2, 6:00 PM PST: the campus evening hour (`reminders.eveningHour`) the day before. */
export const EVENING = new Date('2026-12-03T02:00:00.000Z');
/** Thu Dec 3, 9:00 AM PST: an hour before. */
export const HOUR_BEFORE = new Date('2026-12-03T17:00:00.000Z');

/**
 * `reminderApp` with a booking system: a publisher holding `appointments:write` that posts the
 * sample student's appointments through the inbound API, and the appointment jobs and emails.
 */
export async function appointmentApp(
  start: Date,
  options: { env?: Record<string, string>; notify?: NotifyOptions } = {},
) {
  const f = await reminderApp(start, {
    ...options,
    env: {
      RATE_LIMIT_INBOUND_PER_MINUTE: '100000',
      PUBLIC_ORIGIN: 'https://portal.example.edu',
      ...options.env,
    },
  });
  const { app, student } = f;
  const { key } = await publisherWithKey(app, {
    name: 'advising',
    label: 'Academic Advising',
    scopes: ['appointments:write'],
  });

  /** The booking system posts (or posts again) Ana's appointment with Dr. Lee at `startsAt`. */
  async function post(startsAt: Date, extra: Record<string, unknown> = {}) {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/inbound/v1/items',
      headers: bearer(key),
      payload: appointmentFor(student.username, {
        starts_at: startsAt.toISOString(),
        ends_at: new Date(startsAt.getTime() + 1_800_000).toISOString(),
        online_link: 'https://meet.example.edu/lee',
        ...extra,
      }),
    });
    if (answer.statusCode >= 300) throw new Error(`posting failed: ${answer.body}`);
    return answer;
  }

  /** The appointment jobs, oldest first. */
  const jobs = async () =>
    (await app.notify.jobs.all()).filter((j) => j.idempotency_key.startsWith('appointment:'));

  /** The appointment emails (or texts) in the outbox, oldest first. */
  const sent = async (channel: 'email' | 'sms' = 'email') =>
    (await app.notify.outbox.list(100))
      .filter((m) => m.topic === 'appointments' && m.channel === channel)
      .reverse();

  /** Moves the clock to `to`, then one planner round and one worker round. */
  async function runAt(to: Date) {
    f.setNow(to);
    await app.notify.plan();
    await app.notify.tick();
  }

  /** The student's Next Steps notifications without "Appointment reminders". */
  async function stopTopic() {
    const type = await app.database.db
      .selectFrom('ns_notification_types')
      .select('id')
      .where('name', '=', 'Appointment reminders')
      .executeTakeFirstOrThrow();
    const chosen = (await app.repositories.nextStepsProfile.preference(student.id))?.notifications;
    await app.repositories.nextStepsProfile.setPreference(student.id, {
      notifications: (chosen ?? []).filter((id) => id !== type.id),
    });
  }

  /** The student's contact choices: texts to a number, quiet hours. */
  async function prefer(change: Partial<Omit<Preferences, 'pk'>>) {
    const prefs = await app.repositories.preferences.forUser(student.id);
    await app.repositories.preferences.update(student.id, prefs.pk, change);
  }

  return { ...f, post, jobs, sent, runAt, stopTopic, prefer };
}
