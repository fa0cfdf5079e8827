import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { up } from '../../../server/db/migrations/029-coursework-topic.js';
import { UsersRepository } from '../../../server/db/repositories/users.repository.js';
import { findPersona } from '../../../server/sis/personas.js';
import { repositoryStores } from './stores.js';

/**
 * Migration 029 on a store as earlier releases left it: the Next Steps notification type "Coursework
 * due dates" is added, off until chosen, so nobody's choices change.
 */
describe.each(repositoryStores('cwtopic'))('migration 029 on $name', ({ open }) => {
  let database: Database | undefined;
  afterEach(async () => database?.close());

  const types = async (db: Kysely<unknown>) =>
    (
      await sql<{ name: string }>`SELECT name FROM ns_notification_types ORDER BY id`.execute(db)
    ).rows.map((r) => r.name);

  it('a store Next Steps has not seeded gets nothing; one with notification types gets "Coursework due dates", chosen for nobody; a second run adds nothing', async () => {
    database = await open();
    const db = database.db as unknown as Kysely<unknown>;
    await up(db, database.dialect);
    // The sample data adds it with the others when Next Steps seeds the store.
    expect(await types(db)).toEqual([]);
    await sql`INSERT INTO ns_notification_types (name) VALUES ('Deadline alerts'),
      ('Messages from the university')`.execute(db);
    const user = await new UsersRepository(database.db).upsertFromPersona(
      findPersona('student'),
      new Date('2026-11-01T00:00:00.000Z'),
    );
    await sql`INSERT INTO ns_user_preferences (user_id, notifications)
      VALUES (${user.id}, '[1,2]')`.execute(db);
    await up(db, database.dialect);
    await up(db, database.dialect);
    expect(await types(db)).toEqual([
      'Deadline alerts',
      'Messages from the university',
      'Coursework due dates',
    ]);
    const chosen = await sql<{
      notifications: string;
    }>`SELECT notifications FROM ns_user_preferences`.execute(db);
    expect(chosen.rows.map((r) => r.notifications)).toEqual(['[1,2]']);
  });
});
