import type { Kysely } from 'kysely';

/**
 * The language each person chose for the portal and what it sends them (`en`, `es`; issue 59).
 * Null for everyone at first: they read their browser's language until they choose.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('preferences').addColumn('language', 'text').execute();
}
