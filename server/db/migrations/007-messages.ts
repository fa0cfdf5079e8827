import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';
import { idColumn } from './columns.js';

/**
 * portal.md §3 Messages: a message goes to one person (by username, so it can wait for a first
 * sign-in), to everyone holding a role, or to everyone: one row each, however many read it. Who read
 * what lives apart, one row per person and message; the same for emergency alerts, whose texts stay in
 * the university's feed.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await idColumn(db.schema.createTable('messages'), dialect)
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('username', 'text')
    .addColumn('role', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('action_link', 'text')
    .addColumn('display_as_banner', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('app_message', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('category', 'text', (c) => c.notNull().defaultTo('general'))
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('expires_on', 'text')
    // Set on sample messages, so seeding again at the next start adds nothing.
    .addColumn('seed_key', 'text', (c) => c.unique())
    .execute();
  await db.schema.createIndex('messages_username').on('messages').column('username').execute();
  await db.schema.createIndex('messages_audience').on('messages').column('audience').execute();

  await db.schema
    .createTable('message_reads')
    .addColumn('message_id', 'integer', (c) =>
      c.notNull().references('messages.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('read_on', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_reads_pk', ['message_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('alert_reads')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('alert_id', 'text', (c) => c.notNull())
    .addColumn('read_on', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('alert_reads_pk', ['user_id', 'alert_id'])
    .execute();
}
