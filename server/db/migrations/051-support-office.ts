import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * The office a support viewer belongs to (issue 87): a Support grant may name it (`grants.office`,
 * "Academic Advising"), and each view keeps the office it was started under
 * (`view_as_sessions.office`), so the student is told who looked, not one fixed office for every
 * viewer. Null for every existing row: those views and grants name VIEW_AS_OFFICE, as before.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('grants').addColumn('office', 'text').execute();
  await db.schema.alterTable('view_as_sessions').addColumn('office', 'text').execute();
}
