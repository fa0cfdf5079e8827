import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { up } from '../../../server/db/migrations/021-date-only-deadlines.js';
import { NextStepsTasksRepository } from '../../../server/db/repositories/next-steps-tasks.repository.js';
import { repositoryStores } from './stores.js';

/**
 * Migration 021 on a store as earlier releases left it (no `ends_on_day`): the admin's and the
 * sample data's date-only ends, stored as 23:59 UTC, are marked with their day; the start then puts
 * them at the end of that day on the campus clock. Timed ends stay as they are.
 */
describe.each(repositoryStores('dateonly'))('migration 021 on $name', ({ open }) => {
  let database: Database;
  const rows = [
    { title: 'From the admin', ends_on: '2026-11-26T23:59:00.000Z' },
    { title: 'Timed', ends_on: '2026-11-26T18:00:00.000Z' },
    { title: 'No end', ends_on: null },
  ];

  beforeAll(async () => {
    database = await open();
    const db = database.db;
    await sql`ALTER TABLE ns_tasks DROP COLUMN ends_on_day`.execute(db);
    const category = await db
      .insertInto('ns_categories')
      .values({ slug: 'money', name: 'Money' })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const row of rows) {
      await sql`INSERT INTO ns_tasks (title, description, category_id, ends_on, has_deadline,
        is_important, important_reason, new_student_checklist, periodicity, sort_by, modality, published)
        VALUES (${row.title}, '', ${category.id}, ${row.ends_on}, 1, 0, '', 0, 'once', 'END', 'ONLINE', 1)`.execute(
        db,
      );
    }
    await up(db as unknown as Kysely<unknown>, database.dialect);
  });
  afterAll(async () => database.close());

  const ends = async () =>
    database.db
      .selectFrom('ns_tasks')
      .select(['title', 'ends_on', 'ends_on_day'])
      .orderBy('id')
      .execute();

  it('marks the 23:59 UTC ends as date-only with their day, and the start puts them at the end of the campus day', async () => {
    expect(await ends()).toEqual([
      { title: 'From the admin', ends_on: '2026-11-26T23:59:00.000Z', ends_on_day: '2026-11-26' },
      { title: 'Timed', ends_on: '2026-11-26T18:00:00.000Z', ends_on_day: null },
      { title: 'No end', ends_on: null, ends_on_day: null },
    ]);
    const tasks = new NextStepsTasksRepository(database.db);
    expect(await tasks.alignDateOnlyEnds('America/Los_Angeles')).toBe(1);
    expect(await tasks.alignDateOnlyEnds('America/Los_Angeles')).toBe(0);
    expect((await ends())[0]).toEqual({
      title: 'From the admin',
      ends_on: '2026-11-27T07:59:59.999Z',
      ends_on_day: '2026-11-26',
    });
    // A campus east of UTC: the same day, its own end.
    await tasks.alignDateOnlyEnds('Pacific/Auckland');
    expect((await ends())[0]?.ends_on).toBe('2026-11-26T10:59:59.999Z');
  });
});
