import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';
import { idColumn } from './columns.js';

/**
 * Appointments a booking system posts through the inbound API (issue 92): one row per publisher and
 * booking-system id (`external_id`: the same id again updates the row), for one person, read by that
 * person soonest first (`appointments_user`). Cancelled ones stay, marked.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await idColumn(db.schema.createTable('appointments'), dialect)
    .addColumn('publisher_id', 'integer', (c) =>
      c.notNull().references('inbound_publishers.id').onDelete('cascade'),
    )
    .addColumn('external_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('with_name', 'text', (c) => c.notNull())
    .addColumn('with_office', 'text')
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('place', 'text')
    .addColumn('online_link', 'text')
    .addColumn('cancelled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('idempotency_key', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('appointments_external', ['publisher_id', 'external_id'])
    .execute();
  await db.schema
    .createIndex('appointments_user')
    .on('appointments')
    .columns(['user_id', 'ends_at'])
    .execute();
}
