import type { Channel } from '../../../contract/channel.schema.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/database.js';
import type { Database } from '../../../server/db/database.js';
import { NotifyJobsRepository } from '../../../server/db/repositories/notify-jobs.repository.js';
import type { NotifyJob } from '../../../server/db/repositories/notify-jobs.repository.js';
import { UsersRepository } from '../../../server/db/repositories/users.repository.js';
import { findPersona } from '../../../server/sis/personas.js';
import { DEFAULT_QUIET_HOURS } from '../../../server/notify/quiet-hours.js';
import { NotifyWorker } from '../../../server/notify/worker.js';
import type { Outcome } from '../../../server/notify/outcome.js';
import type { WorkerOptions } from '../../../server/notify/worker.js';
import { repositoryStores } from '../db/stores.js';

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
      concurrency: 10,
      urgentSlots: 2,
      perDestination: 10,
      sendTimeoutMs: 30_000,
      backoffMs: 60_000,
      maxBackoffMs: 3_600_000,
      maxAttempts: 4,
      ...(quiet ? { quiet: { of: async () => DEFAULT_QUIET_HOURS, timeZone: LA } } : {}),
    });

  const enqueue = (key: string, channel: Channel, topic = 'deadlines') =>
    jobs.enqueue(
      { idempotencyKey: key, channel, kind: 'reminder', topic, userId, payload: {}, runAt: NIGHT },
      now,
    );

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

const START = new Date('2026-11-23T17:00:00.000Z');
const LEASE_MS = 60_000;
const TARPIT = 'push:tarpit.example:443';

/** A send that settles only when the test says so. */
function gate() {
  let open: (outcome: Outcome) => void = () => {};
  const done = new Promise<Outcome>((resolve) => (open = resolve));
  return { done, open: () => open({ state: 'sent' }) };
}

describe.each(repositoryStores('notify_pool'))('the worker pool on $name', (store) => {
  let database: Database;
  let jobs: NotifyJobsRepository;
  let userId: number;
  let now: Date;
  let worker: NotifyWorker | undefined;

  beforeEach(async () => {
    database = await store.open();
    jobs = new NotifyJobsRepository(database.db, database.dialect);
    userId = (
      await new UsersRepository(database.db).upsertFromPersona(findPersona('student'), START)
    ).id;
    now = START;
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
    await database.db.deleteFrom('notify_jobs').execute();
    await database.db.deleteFrom('users').execute();
    await database.close();
  });

  const enqueue = (key: string, more: { runAt?: Date; urgent?: boolean; destination?: string }) =>
    jobs.enqueue(
      {
        idempotencyKey: key,
        channel: 'email',
        kind: 'reminder',
        topic: more.urgent ? 'alerts' : 'deadlines',
        userId,
        payload: {},
        runAt: more.runAt ?? START,
        ...more,
      },
      now,
    );

  const options = (): WorkerOptions => ({
    jobs,
    send: async () => ({ state: 'sent' }),
    clock: () => now,
    id: 'worker-a',
    leaseMs: LEASE_MS,
    concurrency: 4,
    urgentSlots: 1,
    perDestination: 4,
    sendTimeoutMs: 30_000,
    backoffMs: 60_000,
    maxBackoffMs: 3_600_000,
    maxAttempts: 4,
  });

  const make = (send: (job: NotifyJob) => Promise<Outcome>, more: Partial<WorkerOptions> = {}) => {
    worker = new NotifyWorker({
      jobs,
      send,
      clock: () => now,
      id: 'worker-a',
      leaseMs: LEASE_MS,
      concurrency: 4,
      urgentSlots: 1,
      perDestination: 4,
      sendTimeoutMs: 30_000,
      backoffMs: 60_000,
      maxBackoffMs: 3_600_000,
      maxAttempts: 4,
      ...more,
    });
    return worker;
  };

  it('claims an emergency job before older routine jobs, and a routine round leaves the urgent slot free', async () => {
    for (let i = 0; i < 6; i += 1) {
      await enqueue(`routine-${i}`, { runAt: new Date(START.getTime() - 60_000 * (10 - i)) });
    }
    await enqueue('alert', { urgent: true });
    const order: string[] = [];
    const w = make(async (job) => {
      order.push(job.idempotency_key);
      return { state: 'sent' };
    });
    // Four slots, one kept for urgent work: the alert and three routine jobs, alert first.
    expect(await w.tick()).toBe(4);
    expect(order).toEqual(['alert', 'routine-0', 'routine-1', 'routine-2']);
  });

  it('an alert written while every routine slot is busy is sent at once, not after them', async () => {
    const routine = gate();
    for (let i = 0; i < 5; i += 1) await enqueue(`routine-${i}`, {});
    const sent: string[] = [];
    const w = make(async (job) => {
      sent.push(job.idempotency_key);
      return job.topic === 'alerts' ? { state: 'sent' } : routine.done;
    });
    w.start();
    await expect.poll(() => sent.length).toBe(3);
    await enqueue('alert', { urgent: true });
    w.kick();
    await expect.poll(async () => (await jobs.byKey('alert'))?.state).toBe('sent');
    expect(sent).toHaveLength(4);
    routine.open();
    await expect.poll(() => sent.length).toBe(6);
  });

  it('one stalled destination holds only its cap: another destination’s jobs are all sent meanwhile', async () => {
    const tarpit = gate();
    for (let i = 0; i < 6; i += 1) await enqueue(`tarpit-${i}`, { destination: TARPIT });
    for (let i = 0; i < 8; i += 1)
      await enqueue(`email-${i}`, { runAt: new Date(START.getTime() + 1) });
    now = new Date(START.getTime() + 1);
    const w = make(async (job) => (job.destination === TARPIT ? tarpit.done : { state: 'sent' }), {
      concurrency: 6,
      perDestination: 2,
    });
    w.start();
    await expect
      .poll(async () => (await jobs.all()).filter((j) => j.state === 'sent').length)
      .toBe(8);
    const stalled = (await jobs.all()).filter((j) => j.destination === TARPIT);
    expect(stalled.filter((j) => j.state === 'running')).toHaveLength(2);
    expect(stalled.filter((j) => j.state === 'pending')).toHaveLength(4);
    // Jobs given back for their destination's cap spent no attempt.
    expect(stalled.filter((j) => j.state === 'pending').every((j) => j.attempts === 0)).toBe(true);
    tarpit.open();
  });

  it('one round fills the pool across destinations: a destination’s older backlog does not use up the claim', async () => {
    for (let i = 0; i < 6; i += 1) {
      await enqueue(`email-${i}`, { runAt: new Date(START.getTime() - 60_000 * (10 - i)) });
    }
    for (let i = 0; i < 3; i += 1) {
      await enqueue(`a-${i}`, {
        destination: 'push:a.example',
        runAt: new Date(START.getTime() - 1000 * (30 - 2 * i)),
      });
      await enqueue(`b-${i}`, {
        destination: 'push:b.example',
        runAt: new Date(START.getTime() - 1000 * (29 - 2 * i)),
      });
    }
    const started: string[] = [];
    const w = make(
      async (job) => {
        started.push(job.idempotency_key);
        return { state: 'sent' };
      },
      { concurrency: 6, perDestination: 2 },
    );
    // Five routine slots, two per destination: the two oldest emails, then the oldest pushes.
    expect(await w.tick()).toBe(5);
    expect(started).toEqual(['email-0', 'email-1', 'a-0', 'b-0', 'a-1']);
    // Nothing was claimed only to be handed back: the emails left spent no attempt.
    const left = (await jobs.all()).filter((j) => j.state === 'pending');
    expect(left).toHaveLength(7);
    expect(left.every((j) => j.attempts === 0)).toBe(true);
  });

  it('never has more sends in flight than its pool, and sends every job', async () => {
    for (let i = 0; i < 25; i += 1) await enqueue(`job-${i}`, {});
    let inFlight = 0;
    let most = 0;
    const w = make(async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 2));
      inFlight -= 1;
      return { state: 'sent' };
    });
    w.start();
    await expect
      .poll(async () => (await jobs.all()).every((j) => j.state === 'sent'), { timeout: 10_000 })
      .toBe(true);
    expect(most).toBe(3); // four slots, one kept for urgent work
  });
  it('a worker whose lease has passed records nothing: the worker that took the job over stands', async () => {
    await enqueue('slow', {});
    const late = gate();
    const first = make(async () => late.done);
    const firstRound = first.tick();
    await expect.poll(async () => (await jobs.byKey('slow'))?.state).toBe('running');
    now = new Date(START.getTime() + LEASE_MS + 1);
    const second = new NotifyWorker({
      ...options(),
      id: 'worker-b',
      send: async () => ({ state: 'dropped', reason: 'moved' }),
    });
    expect(await second.tick()).toBe(1);
    const settled = await jobs.byKey('slow');
    expect(settled).toMatchObject({ state: 'dropped', last_error: 'moved', attempts: 2 });
    // The first worker's send comes back "sent" long after: its record is refused.
    late.open();
    await firstRound;
    expect(await jobs.byKey('slow')).toEqual(settled);
    worker = first;
  });

  it('sends nothing once its lease has too little time left for a send', async () => {
    await enqueue('late', {});
    const sent: string[] = [];
    let reads = 0;
    // The claim reads the clock twice (two lanes); by the third read the lease is nearly gone.
    const w = make(
      async (job) => {
        sent.push(job.idempotency_key);
        return { state: 'sent' };
      },
      { clock: () => (reads++ < 2 ? START : new Date(START.getTime() + LEASE_MS - 1_000)) },
    );
    await w.tick();
    expect(sent).toEqual([]);
    expect(await jobs.byKey('late')).toMatchObject({ state: 'pending', attempts: 0 });
  });

  it('a timeout and a server error are retried with backoff, and a job sent at last keeps no error', async () => {
    await enqueue('flaky', {});
    const outcomes: Array<() => Promise<Outcome>> = [
      () => new Promise<Outcome>(() => {}), // never settles: the per-send deadline
      () => Promise.reject(new Error('push service answered 503: busy')),
      () => Promise.resolve({ state: 'sent' }),
    ];
    const next = () => outcomes.shift() ?? (() => Promise.reject(new Error('no more')));
    const w = make(() => next()(), { sendTimeoutMs: 20 });
    expect(await w.tick()).toBe(1);
    expect(await jobs.byKey('flaky')).toMatchObject({
      state: 'pending',
      last_error: 'no outcome within 0.02 s',
      run_at: new Date(START.getTime() + 60_000).toISOString(),
    });
    now = new Date(START.getTime() + 60_000);
    expect(await w.tick()).toBe(1);
    expect(await jobs.byKey('flaky')).toMatchObject({
      state: 'pending',
      last_error: 'push service answered 503: busy',
      run_at: new Date(now.getTime() + 120_000).toISOString(),
    });
    now = new Date(now.getTime() + 120_000);
    expect(await w.tick()).toBe(1);
    expect(await jobs.byKey('flaky')).toMatchObject({ state: 'sent', last_error: null });
  });
});
