import type { Kysely } from 'kysely';

/** The colour theme each person chose (`system`, `light` or `dark`); everyone starts with `system`. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('preferences')
    .addColumn('theme', 'text', (c) => c.notNull().defaultTo('system'))
    .execute();
}
