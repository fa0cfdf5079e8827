import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/database.js';
import type { Database } from '../../../server/db/database.js';
import { NotifyJobsRepository } from '../../../server/db/repositories/notify-jobs.repository.js';
import type { NotifyJob } from '../../../server/db/repositories/notify-jobs.repository.js';
import { UsersRepository } from '../../../server/db/repositories/users.repository.js';
import { findPersona } from '../../../server/sis/personas.js';
import { DEFAULT_QUIET_HOURS } from '../../../server/notify/quiet-hours.js';
import { NotifyWorker } from '../../../server/notify/worker.js';
import type { Outcome } from '../../../server/notify/worker.js';

const LA = 'America/Los_Angeles';
/** Mon Nov 23 2026, 22:00 PST: inside the default quiet hours. */
const NIGHT = new Date('2026-11-24T06:00:00.000Z');
/** Tue Nov 24 2026, 08:00 PST: when they end. */
const MORNING = new Date('2026-11-24T16:00:00.000Z');

describe('the worker and quiet hours (push and text wait for the morning, email does not)', () => {
  let database: Database;
  let jobs: NotifyJobsRepository;
  let userId: number;
  let now: Date;
  let sent: string[];

  beforeEach(async () => {
    database = await openDatabase({ sqliteFile: ':memory:' });
    jobs = new NotifyJobsRepository(database.db, database.dialect);
    userId = (
      await new UsersRepository(database.db).upsertFromPersona(findPersona('student'), NIGHT)
    ).id;
    now = NIGHT;
    sent = [];
  });
  afterEach(() => database.close());

  const worker = (quiet = true) =>
    new NotifyWorker({
      jobs,
      send: async (job: NotifyJob): Promise<Outcome> => {
        sent.push(job.idempotency_key);
        return { state: 'sent' };
      },
      clock: () => now,
      id: 'worker-a',
      leaseMs: 60_000,
      batch: 10,
      backoffMs: 60_000,
      maxBackoffMs: 3_600_000,
      maxAttempts: 4,
      ...(quiet ? { quiet: { of: async () => DEFAULT_QUIET_HOURS, timeZone: LA } } : {}),
    });

  const enqueue = (key: string, channel: string, topic = 'deadlines') =>
    jobs.enqueue({ idempotencyKey: key, channel, topic, userId, payload: {}, runAt: NIGHT }, now);

  it('a push or text job due inside the quiet hours is rescheduled to their end, not sent, and no attempt is spent', async () => {
    await enqueue('push-1', 'push');
    await enqueue('sms-1', 'sms');
    const w = worker();
    expect(await w.tick()).toBe(2);
    expect(sent).toEqual([]);
    for (const job of await jobs.all()) {
      expect(job).toMatchObject({ state: 'pending', run_at: MORNING.toISOString(), attempts: 0 });
      expect(job.locked_by).toBeNull();
    }
    now = new Date(MORNING.getTime() - 60_000);
    expect(await w.tick()).toBe(0);
    now = MORNING;
    expect(await w.tick()).toBe(2);
    expect(sent.sort()).toEqual(['push-1', 'sms-1']);
    expect((await jobs.all()).map((j) => j.state)).toEqual(['sent', 'sent']);
  });

  it('an email job inside the quiet hours is sent at once: quiet hours do not hold email', async () => {
    await enqueue('email-1', 'email');
    expect(await worker().tick()).toBe(1);
    expect(sent).toEqual(['email-1']);
  });

  it('an emergency alert push is not held by quiet hours', async () => {
    await enqueue('alert-1', 'push', 'alerts');
    expect(await worker().tick()).toBe(1);
    expect(sent).toEqual(['alert-1']);
  });

  it('a text job outside the quiet hours is sent at once', async () => {
    now = MORNING;
    await enqueue('sms-day', 'sms');
    expect(await worker().tick()).toBe(1);
    expect(sent).toEqual(['sms-day']);
  });
});
