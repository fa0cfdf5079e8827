import type { Kysely } from 'kysely';

/**
 * Why a student's record completed a task (issue 74): `ns_user_tasks.completed_because`, beside
 * `completed_by` (035), as JSON, e.g. `{"kind":"hold-removed","office":"Registrar"}` for a task a
 * change rule opened and the hold's removal completed ("Completed: Registrar removed this hold").
 * Null for every existing row and for a department's completion ("Completed in <publisher>").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ns_user_tasks').addColumn('completed_because', 'text').execute();
}
