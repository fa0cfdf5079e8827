import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { NotifyJobsRepository } from '../../../server/db/repositories/notify-jobs.repository.js';
import type { NotifyJob } from '../../../server/db/repositories/notify-jobs.repository.js';
import { UsersRepository } from '../../../server/db/repositories/users.repository.js';
import { loadConfig } from '../../../server/config.js';
import { findPersona } from '../../../server/sis/personas.js';
import { Slots } from '../../../server/notify/slots.js';
import { NotifyWorker } from '../../../server/notify/worker.js';
import type { Outcome } from '../../../server/notify/outcome.js';
import type { WorkerOptions } from '../../../server/notify/worker.js';
import { repositoryStores } from '../db/stores.js';

const START = new Date('2026-11-23T17:00:00.000Z');
const SERVICE = 'push:fcm.googleapis.com';
const TARPIT = 'push:tarpit.example:443';

/** Sends that settle only when the test says so. */
function gates() {
  const waiting: (() => void)[] = [];
  return {
    wait: () => new Promise<Outcome>((resolve) => waiting.push(() => resolve({ state: 'sent' }))),
    openAll: () => waiting.splice(0).forEach((open) => open()),
  };
}

describe('the emergency lane’s share of a destination (issue 63)', () => {
  const rules = { concurrency: 96, urgentSlots: 72, perDestination: 8, urgentPerDestination: 32 };

  it('takes up to its own larger cap of one push service, where routine work takes 8', () => {
    const slots = new Slots(rules);
    expect(slots.room('urgent', SERVICE)).toBe(32);
    expect(slots.room('routine', SERVICE)).toBe(8);
    for (let i = 0; i < 32; i += 1) expect(slots.take('urgent', SERVICE)).toBe(true);
    expect(slots.take('urgent', SERVICE)).toBe(false);
    expect(slots.full('urgent')).toEqual([SERVICE]);
  });

  it('routine work to a push service makes room for the alert: it takes only what the alert’s sends there leave', () => {
    const slots = new Slots(rules);
    for (let i = 0; i < 8; i += 1) slots.take('routine', SERVICE);
    // The message's 8 pushes in flight take nothing from the alert's own 32.
    expect(slots.room('urgent', SERVICE)).toBe(32);
    for (let i = 0; i < 28; i += 1) slots.take('urgent', SERVICE);
    // The service's 32 are the alert's: routine work there only has what the alert leaves.
    slots.give('routine', SERVICE);
    expect(slots.room('routine', SERVICE)).toBe(0);
    for (let i = 0; i < 7; i += 1) slots.give('routine', SERVICE);
    expect(slots.room('routine', SERVICE)).toBe(4);
    for (let i = 0; i < 4; i += 1) slots.take('urgent', SERVICE);
    expect(slots.room('routine', SERVICE)).toBe(0);
    expect(slots.full('routine')).toContain(SERVICE);
    expect(slots.take('routine', SERVICE)).toBe(false);
    // Email, another destination, keeps its routine share meanwhile.
    expect(slots.room('routine', 'email')).toBe(8);
    expect(slots.full('routine')).not.toContain('email');
  });

  it('without NOTIFY_URGENT_PER_DESTINATION the lane keeps its documented default of 32, and routine work its 24 slots', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.notify).toMatchObject({
      concurrency: 96,
      urgentSlots: 72,
      perDestination: 8,
      urgentPerDestination: 32,
    });
    expect(
      loadConfig({ NODE_ENV: 'test', NOTIFY_URGENT_PER_DESTINATION: '48' }).notify
        .urgentPerDestination,
    ).toBe(48);
  });
});

describe.each(repositoryStores('notify_emergency'))('the emergency lane on $name', (store) => {
  let database: Database;
  let jobs: NotifyJobsRepository;
  let userId: number;
  let worker: NotifyWorker | undefined;

  beforeEach(async () => {
    database = await store.open();
    jobs = new NotifyJobsRepository(database.db, database.dialect);
    userId = (
      await new UsersRepository(database.db).upsertFromPersona(findPersona('student'), START)
    ).id;
  });
  afterEach(async () => {
    await worker?.stop(100);
    worker = undefined;
    await database.db.deleteFrom('notify_jobs').execute();
    await database.db.deleteFrom('users').execute();
    await database.close();
  });

  const enqueueMany = (prefix: string, n: number, destination: string, urgent: boolean) =>
    jobs.enqueueMany(
      Array.from({ length: n }, (_, i) => ({
        idempotencyKey: `${prefix}-${i}`,
        channel: 'push' as const,
        kind: urgent ? ('alert' as const) : ('message' as const),
        topic: urgent ? 'alerts' : 'messages',
        userId,
        payload: {},
        runAt: new Date(START.getTime() - 1000),
        urgent,
        destination,
      })),
      START,
    );

  const make = (send: (job: NotifyJob) => Promise<Outcome>, more: Partial<WorkerOptions> = {}) =>
    (worker = new NotifyWorker({
      jobs,
      send,
      clock: () => START,
      id: 'worker-a',
      leaseMs: 60_000,
      concurrency: 24,
      urgentSlots: 16,
      perDestination: 2,
      urgentPerDestination: 6,
      sendTimeoutMs: 30_000,
      backoffMs: 60_000,
      maxBackoffMs: 3_600_000,
      maxAttempts: 4,
      ...more,
    }));

  it('claims the alert before the message’s pushes to the same service and sends it with its larger share, the message waiting', async () => {
    // The message's pushes are older and already queued when the alert's are written.
    await enqueueMany('message', 10, SERVICE, false);
    await enqueueMany('alert', 10, SERVICE, true);
    const held = gates();
    const started: string[] = [];
    const w = make((job) => {
      started.push(job.idempotency_key);
      return held.wait();
    });
    w.start();
    await expect.poll(() => started.length).toBe(6);
    // The whole service's share went to the alert: 6 at once (routine work there takes 2), none
    // of the message's pushes ahead of or beside it.
    expect(started.every((key) => key.startsWith('alert-'))).toBe(true);
    expect(w.inFlight).toBe(6);
    held.openAll();
    await expect
      .poll(async () => {
        held.openAll();
        return (await jobs.all()).every((j) => j.state === 'sent');
      })
      .toBe(true);
    // Every alert push started before the first of the message's.
    const firstMessage = started.findIndex((key) => key.startsWith('message-'));
    expect(started.slice(0, firstMessage)).toHaveLength(10);
  });

  it('a tarpit in the emergency lane holds only its own share: every alert push to the service that answers is sent meanwhile', async () => {
    await enqueueMany('stalled', 10, TARPIT, true);
    await enqueueMany('alert', 30, SERVICE, true);
    const tarpit = gates();
    const w = make((job) =>
      job.destination === TARPIT ? tarpit.wait() : Promise.resolve({ state: 'sent' as const }),
    );
    w.start();
    await expect
      .poll(
        async () =>
          (await jobs.all()).filter((j) => j.destination === SERVICE && j.state === 'sent').length,
      )
      .toBe(30);
    const stalled = (await jobs.all()).filter((j) => j.destination === TARPIT);
    expect(stalled.filter((j) => j.state === 'running')).toHaveLength(6);
    expect(stalled.filter((j) => j.state === 'pending')).toHaveLength(4);
    tarpit.openAll();
  });
});
