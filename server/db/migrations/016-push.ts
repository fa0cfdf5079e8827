import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';
import { idColumn } from './columns.js';

/**
 * Web push (issue 29): one row per device a person turned notifications on for, with the push
 * service's address (unique: a device subscribes once), its keys, and how sending to it went.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await idColumn(db.schema.createTable('push_subscriptions'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_success_at', 'text')
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('push_subscriptions_user')
    .on('push_subscriptions')
    .column('user_id')
    .execute();
}
