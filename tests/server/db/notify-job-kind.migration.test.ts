import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { up } from '../../../server/db/migrations/039-notify-job-kind.js';
import { UsersRepository } from '../../../server/db/repositories/users.repository.js';
import { findPersona } from '../../../server/sis/personas.js';
import { repositoryStores } from './stores.js';

/**
 * Migration 039 on a store a 1.1.0 process wrote: its jobs had no `kind` column, their kind was the
 * first part of their key; after the upgrade the column holds it.
 */
describe.each(repositoryStores('jobkind'))('migration 039 on $name', ({ open }) => {
  let database: Database | undefined;
  afterEach(async () => database?.close());

  it('each job the previous release wrote takes its kind from its key: a text reminder (sms:reminder:…) is a reminder, a key of no known kind has none', async () => {
    database = await open();
    const db = database.db as unknown as Kysely<unknown>;
    const now = new Date('2026-11-26T12:00:00.000Z');
    const user = await new UsersRepository(database.db).upsertFromPersona(
      findPersona('student'),
      now,
    );
    await sql`ALTER TABLE notify_jobs DROP COLUMN kind`.execute(db);
    const keys = [
      'reminder:1:3:2026-11-30T23:59:00.000Z',
      'reminder:1:3:2026-11-30T23:59:00.000Z:push:4',
      'sms:reminder:1:3:2026-11-30T23:59:00.000Z',
      'digest:daily:1:2026-11-27',
      'message:7:1:sms',
      'message:item-3:1:push:4',
      'coursework:1:abc:2026-11-30T23:59:00.000Z:email',
      'alert:a-1:push:4',
      'by-hand',
    ];
    for (const key of keys) {
      await sql`
        INSERT INTO notify_jobs (idempotency_key, channel, topic, user_id, run_at, created_at)
        VALUES (${key}, 'email', 'deadlines', ${user.id}, ${now.toISOString()}, ${now.toISOString()})
      `.execute(db);
    }
    await up(db, database.dialect);
    const { rows } = await sql<{ idempotency_key: string; kind: string | null }>`
      SELECT idempotency_key, kind FROM notify_jobs ORDER BY id
    `.execute(db);
    expect(rows.map((r) => r.kind)).toEqual([
      'reminder',
      'reminder',
      'reminder',
      'digest',
      'message',
      'message',
      'coursework',
      'alert',
      null,
    ]);
  });
});
