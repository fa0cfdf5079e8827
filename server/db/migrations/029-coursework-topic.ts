import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

const NAME = 'Coursework due dates';

/**
 * The notify topic `coursework` (issue 45): reminders before a coursework item of the student's own
 * LMS calendar feed is due are one Next Steps notification type, off until the student chooses it.
 * A store that has notification types already gets the type, chosen for nobody; a new store gets it
 * from the sample data, after the other types. The planner reads the items due in its window across
 * every student's feed every 5 minutes: by an index on the due time, not the whole table.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createIndex('coursework_items_due')
    .ifNotExists()
    .on('coursework_items')
    .column('due')
    .execute();
  const existing = await sql<{ name: string }>`SELECT name FROM ns_notification_types`.execute(db);
  if (existing.rows.length === 0 || existing.rows.some((row) => row.name === NAME)) return;
  await sql`INSERT INTO ns_notification_types (name) VALUES (${NAME})`.execute(db);
}
