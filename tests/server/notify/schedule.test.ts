import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/database.js';
import type { Database } from '../../../server/db/database.js';
import { NotifyJobsRepository } from '../../../server/db/repositories/notify-jobs.repository.js';
import type { NotifyJob } from '../../../server/db/repositories/notify-jobs.repository.js';
import { UsersRepository } from '../../../server/db/repositories/users.repository.js';
import { findPersona } from '../../../server/sis/personas.js';
import { NotifyWorker, backoff } from '../../../server/notify/worker.js';
import type { Outcome } from '../../../server/notify/outcome.js';
import type { WorkerOptions } from '../../../server/notify/worker.js';

const START = new Date('2026-11-23T17:00:00.000Z');
const LEASE_MS = 60_000;

describe('the durable reminder schedule (SQLite, one in-process worker)', () => {
  let database: Database;
  let jobs: NotifyJobsRepository;
  let userId: number;
  let now: Date;
  const clock = () => now;

  beforeEach(async () => {
    database = await openDatabase({ sqliteFile: ':memory:' });
    jobs = new NotifyJobsRepository(database.db, database.dialect);
    userId = (
      await new UsersRepository(database.db).upsertFromPersona(findPersona('student'), START)
    ).id;
    now = START;
  });
  afterEach(() => database.close());

  const enqueue = (key: string, runAt = START) =>
    jobs.enqueue(
      {
        idempotencyKey: key,
        channel: 'email',
        kind: 'reminder',
        topic: 'deadlines',
        userId,
        payload: {},
        runAt,
      },
      now,
    );

  function worker(
    send: (job: NotifyJob) => Promise<Outcome>,
    id = 'worker-a',
    more: Partial<WorkerOptions> = {},
  ) {
    return new NotifyWorker({
      jobs,
      send,
      clock,
      id,
      leaseMs: LEASE_MS,
      concurrency: 10,
      urgentSlots: 2,
      perDestination: 10,
      sendTimeoutMs: 30_000,
      backoffMs: 60_000,
      maxBackoffMs: 3_600_000,
      maxAttempts: 4,
      ...more,
    });
  }

  /** A sender that records what it sent. */
  function recorder() {
    const sent: string[] = [];
    return {
      sent,
      send: async (job: NotifyJob): Promise<Outcome> => {
        sent.push(job.idempotency_key);
        return { state: 'sent' };
      },
    };
  }

  it('enqueueing the same idempotency key twice makes one job', async () => {
    expect(await enqueue('reminder:1:3:2026-11-26T23:59:00.000Z')).toBe(true);
    expect(await enqueue('reminder:1:3:2026-11-26T23:59:00.000Z')).toBe(false);
    expect(await jobs.all()).toHaveLength(1);
  });

  it('a job is sent when its time has come, not before', async () => {
    await enqueue('later', new Date(START.getTime() + 3_600_000));
    const r = recorder();
    const w = worker(r.send);
    expect(await w.tick()).toBe(0);
    now = new Date(START.getTime() + 3_600_000);
    expect(await w.tick()).toBe(1);
    expect(r.sent).toEqual(['later']);
    expect((await jobs.byKey('later'))?.state).toBe('sent');
  });

  it('a restart does not resend: a new worker finds the sent jobs done and the same key is not enqueued again', async () => {
    await enqueue('a');
    await enqueue('b');
    const first = recorder();
    await worker(first.send, 'before-restart').tick();
    expect(first.sent).toEqual(['a', 'b']);
    // The restarted process plans the same reminders again and runs its own worker.
    expect(await enqueue('a')).toBe(false);
    const second = recorder();
    now = new Date(START.getTime() + 10 * LEASE_MS);
    expect(await worker(second.send, 'after-restart').tick()).toBe(0);
    expect(second.sent).toEqual([]);
  });

  it('after a crash while sending, the lease expires and exactly the message in flight is sent again', async () => {
    await enqueue('done-before-crash');
    await enqueue('in-flight');
    await enqueue('not-yet-claimed', new Date(START.getTime() + 1_000));
    // The first process sends one job, then dies (kill -9) while sending the next: its send never ends.
    const before: string[] = [];
    void worker(async (job) => {
      before.push(job.idempotency_key);
      if (job.idempotency_key === 'in-flight') return new Promise<Outcome>(() => {});
      return { state: 'sent' };
    }, 'crashed').tick();
    await expect.poll(() => before).toEqual(['done-before-crash', 'in-flight']);
    const leased = await jobs.byKey('in-flight');
    expect(leased?.state).toBe('running');
    expect(leased?.locked_by).toMatch(/^crashed\//);
    // Within the lease another worker leaves it alone …
    now = new Date(START.getTime() + 2_000);
    const after = recorder();
    const survivor = worker(after.send, 'survivor');
    await survivor.tick();
    expect(after.sent).toEqual(['not-yet-claimed']);
    // … once the lease has passed, it sends the in-flight one, and only that one.
    now = new Date(START.getTime() + LEASE_MS + 1);
    await survivor.tick();
    expect(after.sent).toEqual(['not-yet-claimed', 'in-flight']);
    const inFlight = await jobs.byKey('in-flight');
    expect(inFlight).toMatchObject({ state: 'sent', attempts: 2 });
    expect((await jobs.byKey('done-before-crash'))?.attempts).toBe(1);
  });

  it('a failing send is recorded and retried with exponential backoff, then given up as failed', async () => {
    await enqueue('flaky');
    let calls = 0;
    const w = worker(async () => {
      calls += 1;
      throw new Error(`SMTP 451 try ${calls}`);
    });
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect(await w.tick()).toBe(1);
      const job = await jobs.byKey('flaky');
      expect(job?.attempts).toBe(attempt);
      expect(job?.last_error).toBe(`SMTP 451 try ${attempt}`);
      if (attempt < 4) {
        expect(job?.state).toBe('pending');
        const wait = new Date(job?.run_at ?? 0).getTime() - now.getTime();
        waits.push(wait);
        // Not yet due: nothing is tried before the wait is over.
        now = new Date(now.getTime() + wait - 1);
        expect(await w.tick()).toBe(0);
        now = new Date(now.getTime() + 1);
      } else {
        expect(job?.state).toBe('failed');
        expect(job?.finished_at).not.toBeNull();
      }
    }
    expect(waits).toEqual([60_000, 120_000, 240_000]);
    expect(calls).toBe(4);
  });

  it('the backoff doubles per attempt up to its cap', () => {
    expect([1, 2, 3, 4, 10].map((n) => backoff(n, 1000, 5000))).toEqual([
      1000, 2000, 4000, 5000, 5000,
    ]);
  });

  it('a job no longer called for is dropped with its reason, not sent', async () => {
    await enqueue('obsolete');
    await worker(async () => ({ state: 'dropped', reason: 'task done' })).tick();
    expect(await jobs.byKey('obsolete')).toMatchObject({
      state: 'dropped',
      last_error: 'task done',
    });
  });
});
