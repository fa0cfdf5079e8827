import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Dialect } from '../dialect.js';

const NAME = 'Appointment reminders';
const idsSchema = z.array(z.number().int());

/**
 * Appointment reminders (issue 92).
 *
 * - `appointments.timed_at`: when the appointment got its current start (posted, or moved). A
 *   reminder whose moment came before that is not sent late; posting the same time again keeps it.
 *   Rows from before: their last write, the latest they can have been moved.
 * - `appointments_starts`: the planner reads the appointments starting in its window, every 5
 *   minutes, by the start, not the whole table.
 * - The notify topic `appointments`: one Next Steps notification type, "Appointment reminders", on
 *   by default: a store that has notification types gets it, chosen for every person who has chosen
 *   notifications (as 044 did). A new store gets it from the sample data.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('appointments').addColumn('timed_at', 'text').execute();
  await sql`UPDATE appointments SET timed_at = updated_at`.execute(db);
  await db.schema
    .createIndex('appointments_starts')
    .ifNotExists()
    .on('appointments')
    .column('starts_at')
    .execute();
  const existing = await sql<{ id: number; name: string }>`
    SELECT id, name FROM ns_notification_types
  `.execute(db);
  if (existing.rows.length === 0 || existing.rows.some((row) => row.name === NAME)) return;
  await sql`INSERT INTO ns_notification_types (name) VALUES (${NAME})`.execute(db);
  const added = await sql<{ id: number }>`
    SELECT id FROM ns_notification_types WHERE name = ${NAME}
  `.execute(db);
  const type = added.rows[0];
  if (!type) return;
  const id = Number(type.id);
  const people = await sql<{ id: number; notifications: string }>`
    SELECT id, notifications FROM ns_user_preferences
  `.execute(db);
  for (const row of people.rows) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(row.notifications);
    } catch {
      continue;
    }
    const chosen = idsSchema.safeParse(parsed);
    if (!chosen.success || chosen.data.includes(id)) continue;
    const ids = [...chosen.data, id].sort((a, b) => a - b);
    await sql`
      UPDATE ns_user_preferences SET notifications = ${JSON.stringify(ids)} WHERE id = ${row.id}
    `.execute(db);
  }
}
