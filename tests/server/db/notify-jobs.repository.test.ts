import type { Channel } from '../../../contract/channel.schema.js';
import { Kysely, SqliteDialect, sql } from 'kysely';
import type { CompiledQuery } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { up } from '../../../server/db/migrations/025-notify-claim-by-destination.js';
import { NotifyJobsRepository } from '../../../server/db/repositories/notify-jobs.repository.js';
import type { ClaimRequest } from '../../../server/db/repositories/notify-jobs.repository.js';
import { UsersRepository } from '../../../server/db/repositories/users.repository.js';
import type { DatabaseSchema } from '../../../server/db/schema.js';
import { findPersona } from '../../../server/sis/personas.js';
import { repositoryStores } from './stores.js';

const NOW = new Date('2026-11-23T17:00:00.000Z');
const LEASE_MS = 60_000;
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000);
const PUSH_A = 'push:a.push.example';
const PUSH_B = 'push:b.push.example';

/**
 * The claim asks destination by destination (migration 025): what it takes must be what one query
 * over the whole lane would take (the oldest due jobs, urgent and routine apart), less the full
 * destinations and no more for one destination than its room.
 */
describe.each(repositoryStores('notify_claim'))('claiming notification jobs on $name', (store) => {
  let database: Database;
  let jobs: NotifyJobsRepository;
  let userId: number;

  beforeEach(async () => {
    database = await store.open();
    jobs = new NotifyJobsRepository(database.db, database.dialect);
    userId = (await new UsersRepository(database.db).upsertFromPersona(findPersona('student'), NOW))
      .id;
  });
  afterEach(async () => {
    await database.db.deleteFrom('notify_jobs').execute();
    await database.db.deleteFrom('users').execute();
    await database.close();
  });

  const enqueue = (
    key: string,
    destination: string,
    runAt: Date,
    more: { urgent?: boolean; channel?: Channel } = {},
  ) =>
    jobs.enqueue(
      {
        idempotencyKey: key,
        channel: more.channel ?? (destination.startsWith('push:') ? 'push' : 'email'),
        kind: 'reminder',
        topic: more.urgent ? 'alerts' : 'deadlines',
        userId,
        payload: {},
        runAt,
        destination,
        ...(more.urgent === undefined ? {} : { urgent: more.urgent }),
      },
      NOW,
    );

  const claim = async (want: Partial<ClaimRequest> & { limit: number }, now = NOW) =>
    (await jobs.claim('worker-a', now, LEASE_MS, { urgent: false, exclude: [], ...want })).map(
      (job) => job.idempotency_key,
    );

  it('with one destination at its cap, the others’ due jobs are claimed, oldest first across them', async () => {
    // The full destination's jobs are the oldest: a claim must look past them, not stop.
    for (let i = 0; i < 5; i += 1) await enqueue(`email-${i}`, 'email', ago(100 - i));
    await enqueue('a-1', PUSH_A, ago(50));
    await enqueue('b-1', PUSH_B, ago(40));
    await enqueue('a-2', PUSH_A, ago(30));
    await enqueue('b-2', PUSH_B, ago(20));
    await enqueue('a-3', PUSH_A, ago(10));
    expect(await claim({ limit: 4, exclude: ['email'] })).toEqual(['a-1', 'b-1', 'a-2', 'b-2']);
    const email = (await jobs.all()).filter((job) => job.destination === 'email');
    expect(email.map((job) => [job.state, job.attempts])).toEqual(
      Array.from({ length: 5 }, () => ['pending', 0]),
    );
    expect(await claim({ limit: 4, exclude: ['email'] })).toEqual(['a-3']);
    expect(await claim({ limit: 4 })).toEqual(['email-0', 'email-1', 'email-2', 'email-3']);
  });

  it('takes no more for a destination than its room, and fills the rest with the next oldest elsewhere', async () => {
    for (let i = 0; i < 6; i += 1) await enqueue(`email-${i}`, 'email', ago(100 - i));
    for (let i = 0; i < 6; i += 1) await enqueue(`a-${i}`, PUSH_A, ago(50 - i));
    await enqueue('b-0', PUSH_B, ago(1));
    const room = (destination: string) => ({ email: 2, [PUSH_A]: 3 })[destination] ?? 8;
    expect(await claim({ limit: 6, room })).toEqual([
      'email-0',
      'email-1',
      'a-0',
      'a-1',
      'a-2',
      'b-0',
    ]);
    // Without room to spare, the limit alone: the oldest six.
    expect(await claim({ limit: 6 })).toEqual([
      'email-2',
      'email-3',
      'email-4',
      'email-5',
      'a-3',
      'a-4',
    ]);
  });

  it('claims urgent and routine work apart: an urgent claim takes no routine job, however old', async () => {
    await enqueue('routine-old', PUSH_A, ago(600));
    await enqueue('alert-email', 'email', ago(5), { urgent: true });
    await enqueue('alert-push', PUSH_A, ago(10), { urgent: true });
    expect(await claim({ urgent: true, limit: 8 })).toEqual(['alert-push', 'alert-email']);
    expect(await claim({ urgent: true, limit: 8 })).toEqual([]);
    // A destination is full per lane: routine work for it is not held back by the urgent lane's cap.
    expect(await claim({ limit: 8 })).toEqual(['routine-old']);
  });

  it('leaves jobs not yet due, and a destination whose jobs all wait holds back no other', async () => {
    // Quiet hours hold a push service's jobs until the morning: many, and first by destination.
    for (let i = 0; i < 20; i += 1)
      await enqueue(`held-${i}`, 'push:0-held', new Date(NOW.getTime() + 3_600_000));
    await enqueue('email-due', 'email', ago(1));
    await enqueue('email-later', 'email', new Date(NOW.getTime() + 1));
    expect(await claim({ limit: 8 })).toEqual(['email-due']);
    expect(await claim({ limit: 8 }, new Date(NOW.getTime() + 1))).toEqual(['email-later']);
  });

  it('finds every destination with work, however many', async () => {
    const destinations = Array.from({ length: 12 }, (_, i) => `push:host-${i}.example`);
    for (const [i, destination] of destinations.entries()) {
      await enqueue(`job-${i}`, destination, ago(100 - i));
    }
    expect(await claim({ limit: 20, room: () => 1 })).toEqual(
      destinations.map((_, i) => `job-${i}`),
    );
  });

  it('claims a job written without a destination by its channel: not while that channel is full', async () => {
    await enqueue('by-hand', 'email', ago(30));
    await enqueue('push-1', PUSH_A, ago(20));
    await database.db
      .updateTable('notify_jobs')
      .set({ destination: null })
      .where('idempotency_key', '=', 'by-hand')
      .execute();
    expect(await claim({ limit: 8, exclude: ['email'] })).toEqual(['push-1']);
    expect(await claim({ limit: 8, exclude: [PUSH_A] })).toEqual(['by-hand']);
  });

  it('claims a running job whose lease has passed again, within its destination’s room', async () => {
    await enqueue('crashed', 'email', ago(300));
    await enqueue('email-next', 'email', ago(200));
    await enqueue('push-next', PUSH_A, ago(100));
    expect(await claim({ limit: 1 })).toEqual(['crashed']);
    const later = new Date(NOW.getTime() + LEASE_MS + 1);
    // The expired job takes the email destination's one place: the next email waits.
    const room = (destination: string) => (destination === 'email' ? 1 : 8);
    expect(await claim({ limit: 8, room }, later)).toEqual(['crashed', 'push-next']);
    expect(await jobs.byKey('crashed')).toMatchObject({ state: 'running', attempts: 2 });
    expect(await jobs.byKey('email-next')).toMatchObject({ state: 'pending', attempts: 0 });
  });

  it('migration 025 gives unfinished jobs written before 020 their channel as destination', async () => {
    await enqueue('old-pending', 'email', ago(30));
    await enqueue('old-sent', 'email', ago(30));
    await database.db.updateTable('notify_jobs').set({ destination: null }).execute();
    await database.db
      .updateTable('notify_jobs')
      .set({ state: 'sent' })
      .where('idempotency_key', '=', 'old-sent')
      .execute();
    // The store as 020 left it: its index, not 025's.
    await database.db.schema.dropIndex('notify_jobs_destination_lane').execute();
    await database.db.schema
      .createIndex('notify_jobs_lane')
      .on('notify_jobs')
      .columns(['state', 'priority', 'run_at', 'id'])
      .execute();
    await up(database.db as unknown as Kysely<unknown>, database.dialect);
    expect(await jobs.byKey('old-pending')).toMatchObject({ destination: 'email' });
    expect(await jobs.byKey('old-sent')).toMatchObject({ destination: null });
  });
});

/**
 * SQLite's plan of the claim: with a destination full, each pending job it reads is found on the
 * index by its destination (`destination=?`), never by scanning the lane's backlog. A claim with
 * `destination NOT IN (…)` is searched by `(state=? AND priority=? AND run_at<?)` and fails here.
 */
describe('the claim’s query plan on SQLite', () => {
  let database: Database;

  beforeEach(async () => {
    database = await repositoryStores('notify_plan')[0]!.open();
  });
  afterEach(() => database.close());

  it('reads pending jobs by destination on the index, and finds destinations by seeks', async () => {
    const connection = database.sqlite!.connection;
    const statements: CompiledQuery[] = [];
    // The same connection, its statements logged (not destroyed: that would close it).
    const logged = new Kysely<DatabaseSchema>({
      dialect: new SqliteDialect({ database: connection }),
      log: (event) => {
        if (event.level === 'query') statements.push(event.query);
      },
    });
    const jobs = new NotifyJobsRepository(logged, 'sqlite');
    const userId = (
      await new UsersRepository(database.db).upsertFromPersona(findPersona('student'), NOW)
    ).id;
    const batch = Array.from({ length: 200 }, (_, i) => ({
      idempotencyKey: `job-${i}`,
      channel: i % 2 ? ('email' as const) : ('push' as const),
      kind: 'reminder' as const,
      topic: 'deadlines',
      userId,
      payload: {},
      runAt: ago(1000 - i),
      destination: i % 2 ? 'email' : PUSH_A,
    }));
    await new NotifyJobsRepository(database.db, 'sqlite').enqueueMany(batch, NOW);
    await sql`ANALYZE`.execute(database.db);
    statements.length = 0;
    const claimed = await jobs.claim('worker-a', NOW, LEASE_MS, {
      urgent: false,
      limit: 4,
      exclude: ['email'],
    });
    expect(claimed.map((job) => job.destination)).toEqual([PUSH_A, PUSH_A, PUSH_A, PUSH_A]);

    const plan = (query: CompiledQuery) =>
      connection
        .prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
        .all(...(query.parameters as unknown[]))
        .map((row) => (row as { detail: string }).detail)
        .filter((detail) => /\bnotify_jobs\b|\bj\b/.test(detail));
    const pending = statements.filter((query) => query.parameters.includes('pending'));
    expect(pending.length).toBeGreaterThan(0);
    for (const query of pending) {
      for (const detail of plan(query)) {
        expect(detail).not.toMatch(/^SCAN/);
        expect(detail).toMatch(
          /USING INTEGER PRIMARY KEY|INDEX notify_jobs_destination_lane \(state=\? AND priority=\? AND destination=\? AND run_at<\?\)/,
        );
      }
    }
    // The destinations: the least one, then each next one after the last, all on the index.
    const seeks = statements.filter((query) => /with recursive/i.test(query.sql));
    expect(seeks).toHaveLength(1);
    const steps = plan(seeks[0]!);
    expect(steps.every((detail) => detail.startsWith('SEARCH'))).toBe(true);
    expect(steps.some((detail) => /destination>\?/.test(detail))).toBe(true);
  });
});
