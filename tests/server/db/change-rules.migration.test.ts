import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { up } from '../../../server/db/migrations/044-change-rules.js';
import { UsersRepository } from '../../../server/db/repositories/users.repository.js';
import { findPersona } from '../../../server/sis/personas.js';
import { repositoryStores } from './stores.js';

/**
 * Migration 044 on a store as 1.2.0 left it: the notification type "Changes to your record", chosen
 * for everyone who had chosen notifications, and the two change rules 1.2.0's code carried.
 */
describe.each(repositoryStores('chrules'))('migration 044 on $name', ({ open }) => {
  let database: Database | undefined;
  afterEach(async () => database?.close());

  const types = async (db: Kysely<unknown>) =>
    (
      await sql<{ name: string }>`SELECT name FROM ns_notification_types ORDER BY id`.execute(db)
    ).rows.map((r) => r.name);

  it('a store in use gets "Changes to your record", chosen for everyone who chose notifications, and the registration and accounts receivable hold rules', async () => {
    database = await open();
    const db = database.db as unknown as Kysely<unknown>;
    await sql`DROP TABLE change_rules`.execute(db);
    await sql`DELETE FROM ns_user_preferences`.execute(db);
    await sql`DELETE FROM ns_notification_types`.execute(db);
    await sql`INSERT INTO ns_notification_types (name) VALUES ('Deadline alerts'),
      ('Messages from the university')`.execute(db);
    const ids = (
      await sql<{ id: number }>`SELECT id FROM ns_notification_types ORDER BY id`.execute(db)
    ).rows.map((r) => Number(r.id));
    const user = await new UsersRepository(database.db).upsertFromPersona(
      findPersona('student'),
      new Date('2026-11-01T00:00:00.000Z'),
    );
    await sql`INSERT INTO ns_user_preferences (user_id, notifications)
      VALUES (${user.id}, ${JSON.stringify(ids)})`.execute(db);
    await up(db, database.dialect);
    expect(await types(db)).toEqual([
      'Deadline alerts',
      'Messages from the university',
      'Changes to your record',
    ]);
    const chosen = await sql<{ notifications: string }>`
      SELECT notifications FROM ns_user_preferences`.execute(db);
    expect(JSON.parse(chosen.rows[0]?.notifications ?? '[]')).toHaveLength(3);
    const rules = await sql<{ code: string; opens: string; closes: string }>`
      SELECT code, opens, closes FROM change_rules ORDER BY id`.execute(db);
    expect(rules.rows).toEqual([
      { code: 'RH', opens: 'hold-added', closes: 'hold-removed' },
      { code: 'AR', opens: 'hold-added', closes: 'hold-removed' },
    ]);
  });
});
