import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Coursework marked done in the portal (issue 45): per person and item, keyed by the item's stable
 * id in the feed (its UID), so a mark outlives the readings that replace the items.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('coursework_done')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('item_key', 'text', (c) => c.notNull())
    .addColumn('done_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('coursework_done_pk', ['user_id', 'item_key'])
    .execute();
}
