import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/database.js';
import type { Database } from '../../../server/db/database.js';
import { NotifyJobsRepository } from '../../../server/db/repositories/notify-jobs.repository.js';
import type { NotifyJob } from '../../../server/db/repositories/notify-jobs.repository.js';
import { UsersRepository } from '../../../server/db/repositories/users.repository.js';
import { findPersona } from '../../../server/sis/personas.js';
import { NotifyWorker } from '../../../server/notify/worker.js';
import type { Outcome } from '../../../server/notify/outcome.js';

const databaseUrl = process.env.DATABASE_URL;
if (process.env.CI === 'true' && !databaseUrl) {
  throw new Error('CI=true: the reminder schedule must also run on PostgreSQL; set DATABASE_URL.');
}

const NOW = new Date('2026-11-23T17:00:00.000Z');
const JOBS = 60;

describe.skipIf(!databaseUrl)('two reminder workers on one PostgreSQL store', () => {
  // A schema of its own; each worker has its own connection pool, as two server processes do.
  const schema = `notify_${randomBytes(4).toString('hex')}`;
  let a: Database;
  let b: Database;

  beforeAll(async () => {
    a = await openDatabase({ url: databaseUrl, schema });
    b = await openDatabase({ url: databaseUrl, schema });
  }, 60_000);

  afterAll(async () => {
    await a?.close();
    await b?.close();
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
  });

  function workerOn(database: Database, id: string, sent: Array<{ key: string; by: string }>) {
    return new NotifyWorker({
      jobs: new NotifyJobsRepository(database.db, database.dialect),
      send: async (job: NotifyJob): Promise<Outcome> => {
        sent.push({ key: job.idempotency_key, by: id });
        // A send takes a moment: the other worker claims meanwhile.
        await new Promise((resolve) => setTimeout(resolve, 5));
        return { state: 'sent' };
      },
      clock: () => NOW,
      id,
      leaseMs: 60_000,
      concurrency: 5,
      urgentSlots: 1,
      perDestination: 5,
      sendTimeoutMs: 30_000,
      backoffMs: 60_000,
      maxBackoffMs: 3_600_000,
      maxAttempts: 4,
    });
  }

  it('each job is sent once although both workers claim at the same time (FOR UPDATE SKIP LOCKED), and both share the work', async () => {
    const user = await new UsersRepository(a.db).upsertFromPersona(findPersona('student'), NOW);
    const jobsA = new NotifyJobsRepository(a.db, a.dialect);
    const jobsB = new NotifyJobsRepository(b.db, b.dialect);
    // Both processes plan the same reminders: the idempotency key keeps one of each.
    for (let i = 0; i < JOBS; i += 1) {
      const job = {
        idempotencyKey: `reminder:${i}:1:2026-11-24T23:59:00.000Z`,
        channel: 'email' as const,
        kind: 'reminder' as const,
        topic: 'deadlines',
        userId: user.id,
        payload: {},
        runAt: NOW,
      };
      await Promise.all([jobsA.enqueue(job, NOW), jobsB.enqueue(job, NOW)]);
    }
    expect(await jobsA.all()).toHaveLength(JOBS);

    const sent: Array<{ key: string; by: string }> = [];
    const drain = async (worker: NotifyWorker) => {
      while ((await worker.tick()) > 0);
    };
    await Promise.all([
      drain(workerOn(a, 'process-a', sent)),
      drain(workerOn(b, 'process-b', sent)),
    ]);

    const keys = sent.map((s) => s.key);
    expect(keys).toHaveLength(JOBS);
    expect(new Set(keys).size).toBe(JOBS);
    expect(new Set(sent.map((s) => s.by))).toEqual(new Set(['process-a', 'process-b']));
    const all = await jobsB.all();
    expect(all.every((j) => j.state === 'sent' && j.attempts === 1)).toBe(true);
  }, 60_000);
});
