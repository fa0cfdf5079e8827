import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Date-only deadlines (issue 40): `ns_tasks.ends_on_day`, the day of an end given as a day
 * (db/date-only-end.ts). Until now the admin's "Ends on" and the sample data stored a day as
 * 23:59 UTC of that day, and nothing else wrote that exact time, so such rows are marked date-only
 * with their day. Their instant becomes the end of that day on the campus clock when the server
 * starts (`NextStepsTasksRepository.alignDateOnlyEnds`), since the campus zone is configuration
 * that a migration does not read.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('ns_tasks').addColumn('ends_on_day', 'text').execute();
  await sql`
    UPDATE ns_tasks SET ends_on_day = substr(ends_on, 1, 10)
    WHERE ends_on LIKE '____-__-__T23:59:00.000Z'
  `.execute(db);
}
