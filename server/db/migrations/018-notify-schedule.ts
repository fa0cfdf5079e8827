import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Reminders on the staff's schedule (issue 29): a Next Steps task's own reminder offsets (JSON list
 * of days before its deadline; empty, the campus default), the message a notification job announces
 * (so the reach page counts a message's jobs per channel), and the daily-digest choice when the
 * preferences migration has not added it already (both orders of adding the two work).
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('ns_tasks')
    .addColumn('reminder_offsets', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('notify_jobs')
    .addColumn('message_id', 'integer', (c) => c.references('messages.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('notify_jobs_message')
    .on('notify_jobs')
    .column('message_id')
    .execute();
  const tables = await db.introspection.getTables();
  const preferences = tables.find((t) => t.name === 'preferences');
  if (preferences && !preferences.columns.some((c) => c.name === 'daily_digest')) {
    await db.schema
      .alterTable('preferences')
      .addColumn('daily_digest', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
}
