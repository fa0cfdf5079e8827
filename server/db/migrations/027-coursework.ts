import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Coursework deadlines (issue 45): each student's own LMS calendar feed — its address sealed with
 * the server's secret (a bearer secret: never stored in the clear), how its last reading went and
 * when the next is due — and the coursework items read from it, replaced as a whole at each reading.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('coursework_feeds')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('address_sealed', 'text', (c) => c.notNull())
    .addColumn('masked', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('etag', 'text')
    .addColumn('last_modified', 'text')
    .addColumn('read_at', 'text')
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_read_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('coursework_feeds_next_read')
    .on('coursework_feeds')
    .column('next_read_at')
    .execute();
  await db.schema
    .createTable('coursework_items')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('course', 'text')
    .addColumn('due', 'text', (c) => c.notNull())
    .addColumn('all_day', 'integer', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('coursework_items_pk', ['user_id', 'id'])
    .execute();
}
