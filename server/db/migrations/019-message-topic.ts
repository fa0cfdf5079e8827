import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Dialect } from '../dialect.js';

const NAME = 'Messages from the university';
const idsSchema = z.array(z.number().int());

/**
 * The notify topic `messages` (issue 29): the copies of a portal message that "also notify" sends by
 * email, text and push are stopped by unchoosing one Next Steps notification type. A store that has
 * notification types already gets the type, and every person who has chosen notifications gets it
 * chosen, so nobody stops hearing what they heard before. A new store gets it from the sample data,
 * after the other types.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  const existing = await sql<{ id: number; name: string }>`
    SELECT id, name FROM ns_notification_types
  `.execute(db);
  if (existing.rows.length === 0) return;
  let type = existing.rows.find((row) => row.name === NAME);
  if (!type) {
    await sql`INSERT INTO ns_notification_types (name) VALUES (${NAME})`.execute(db);
    const added = await sql<{ id: number; name: string }>`
      SELECT id, name FROM ns_notification_types WHERE name = ${NAME}
    `.execute(db);
    type = added.rows[0];
  }
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
    const ids = [...chosen.data, id];
    await sql`
      UPDATE ns_user_preferences SET notifications = ${JSON.stringify(ids.sort((a, b) => a - b))}
      WHERE id = ${row.id}
    `.execute(db);
  }
}
