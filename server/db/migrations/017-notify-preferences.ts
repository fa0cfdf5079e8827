import type { Kysely } from 'kysely';

/**
 * Reminders by text and quiet hours (issue 29): each person's quiet hours on the campus clock
 * (default 21:00 to 08:00) and their daily-digest choice (default off) beside the other
 * preferences; the outbox records which channel a kept message would have gone by (`email` or
 * `sms`), so staff see text messages there too when no provider is configured.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('preferences')
    .addColumn('quiet_hours_start', 'text', (c) => c.notNull().defaultTo('21:00'))
    .execute();
  await db.schema
    .alterTable('preferences')
    .addColumn('quiet_hours_end', 'text', (c) => c.notNull().defaultTo('08:00'))
    .execute();
  await db.schema
    .alterTable('preferences')
    .addColumn('daily_digest', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('notify_outbox')
    .addColumn('channel', 'text', (c) => c.notNull().defaultTo('email'))
    .execute();
}
