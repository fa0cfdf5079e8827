import type { Kysely } from 'kysely';

/**
 * The personal calendar feed's secret address, one per person. Only the token's SHA-256 is looked
 * up; the token itself is kept sealed (AES-GCM under the server's secret) so its owner can see the
 * link again. Deleting the user deletes the address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('calendar_tokens')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('token_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
