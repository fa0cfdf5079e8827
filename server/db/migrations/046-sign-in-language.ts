import type { Kysely } from 'kysely';

/**
 * The language each person signed in with last (their browser's, issue 76): what the portal sends
 * them (emails, texts, pushes) is written in it until they choose one on Account (`language`,
 * 036-language). Null until their next sign-in: English, as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('preferences').addColumn('signed_in_language', 'text').execute();
}
