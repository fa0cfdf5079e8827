import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';
import { idColumn } from './columns.js';

/**
 * Reminders (issue 29): the durable schedule of notification jobs, each with a unique idempotency
 * key, its run-at time, attempts, last error, state and the lease of the worker sending it; the
 * outbox that holds email when no SMTP server is configured; and the notification keys kept with the
 * data (the unsubscribe links' signing key when SESSION_SECRET is unset).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await idColumn(db.schema.createTable('notify_jobs'), dialect)
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createIndex('notify_jobs_due')
    .on('notify_jobs')
    .columns(['state', 'run_at'])
    .execute();
  await idColumn(db.schema.createTable('notify_outbox'), dialect)
    .addColumn('job_id', 'integer', (c) => c.references('notify_jobs.id').onDelete('set null'))
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('headers', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notify_outbox_created')
    .on('notify_outbox')
    .column('created_at')
    .execute();
  await db.schema
    .createTable('notify_keys')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}
