import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { NotifyJobsRepository } from '../../../server/db/repositories/notify-jobs.repository.js';
import { UsersRepository } from '../../../server/db/repositories/users.repository.js';
import { findPersona } from '../../../server/sis/personas.js';
import { repositoryStores } from './stores.js';

const NOW = new Date('2026-11-23T17:00:00.000Z');
const LEASE_MS = 60_000;

/** Issue 63: outcomes settling together share one transaction, and each keeps its own fence. */
describe.each(repositoryStores('notify_settle'))(
  'recording outcomes together on $name',
  (store) => {
    let database: Database;
    let jobs: NotifyJobsRepository;
    let userId: number;

    beforeEach(async () => {
      database = await store.open();
      jobs = new NotifyJobsRepository(database.db, database.dialect);
      userId = (
        await new UsersRepository(database.db).upsertFromPersona(findPersona('student'), NOW)
      ).id;
    });
    afterEach(async () => {
      await database.db.deleteFrom('notify_jobs').execute();
      await database.db.deleteFrom('users').execute();
      await database.close();
    });

    const claimAll = (worker: string, at: Date) =>
      jobs.claim(worker, at, LEASE_MS, { urgent: true, limit: 10, exclude: [] });

    it('outcomes written in the same turn each take effect only under their own claim: a job another worker took over is not recorded', async () => {
      for (const key of ['a', 'b', 'c']) {
        await jobs.enqueue(
          {
            idempotencyKey: key,
            channel: 'push',
            kind: 'alert',
            topic: 'alerts',
            userId,
            payload: {},
            runAt: NOW,
            destination: 'push:fcm.googleapis.com',
          },
          NOW,
        );
      }
      const first = await claimAll('worker-a', NOW);
      expect(first).toHaveLength(3);
      // Worker A's lease passes; worker B claims all three again and sends "b" first.
      const later = new Date(NOW.getTime() + LEASE_MS + 1);
      const second = await claimAll('worker-b', later);
      const b = second.find((j) => j.idempotency_key === 'b')!;
      // A's three late outcomes and B's one arrive in the same turn of the event loop.
      const results = await Promise.all([
        ...first.map((job) => jobs.finish(job, 'sent', later)),
        jobs.finish(b, 'dropped', later, 'moved'),
      ]);
      expect(results).toEqual([false, false, false, true]);
      const stored = await jobs.all();
      expect(stored.map((j) => [j.idempotency_key, j.state])).toEqual([
        ['a', 'running'],
        ['b', 'dropped'],
        ['c', 'running'],
      ]);
      expect(stored.find((j) => j.idempotency_key === 'b')?.last_error).toBe('moved');
    });

    it('many outcomes at once are all recorded, more than one transaction holds', async () => {
      await jobs.enqueueMany(
        Array.from({ length: 150 }, (_, i) => ({
          idempotencyKey: `job-${i}`,
          channel: 'push',
          kind: 'alert',
          topic: 'alerts',
          userId,
          payload: {},
          runAt: NOW,
          destination: `push:s${i % 10}.example`,
        })),
        NOW,
      );
      const claimed = await jobs.claim('worker-a', NOW, LEASE_MS, {
        urgent: true,
        limit: 150,
        exclude: [],
      });
      expect(claimed).toHaveLength(150);
      const results = await Promise.all(claimed.map((job) => jobs.finish(job, 'sent', NOW)));
      expect(results.every(Boolean)).toBe(true);
      expect((await jobs.all()).every((j) => j.state === 'sent')).toBe(true);
    });
  },
);
