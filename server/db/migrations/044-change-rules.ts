import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Dialect } from '../dialect.js';
import { idColumn } from './columns.js';

const NAME = 'Changes to your record';
const idsSchema = z.array(z.number().int());

/** The rules 041's code carried, kept for a store already in use (`changes/tasks.ts` SEED_RULES). */
const CARRIED = [
  {
    code: 'RH',
    title: 'Clear your registration hold',
    body: 'A registration hold keeps you from registering. See what it asks of you on your Account page.',
    link: '/account#holds',
  },
  {
    code: 'AR',
    title: 'Pay your past-due balance',
    body: 'A hold for a past-due balance was added. Pay it, or arrange a payment plan, on Finances.',
    link: '/finances',
  },
];

/**
 * Changes to a student's record (issue 74), continued.
 *
 * - The notify topic `records`: the email, text and push copies of an urgent change (a hold added, a
 *   class dropped or cancelled) are stopped by unchoosing one Next Steps notification type, "Changes
 *   to your record". On by default: a store that has notification types gets the type, chosen for
 *   every person who has chosen notifications. A new store gets it from the sample data.
 * - `change_rules`, the rules staff write in `/admin/change-rules`: a change kind (and an optional
 *   code) opens a Next Steps task, its counterpart kind completes it. A store already in use keeps
 *   the two rules the code carried before (registration and accounts receivable holds).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await idColumn(db.schema.createTable('change_rules'), dialect)
    .addColumn('opens', 'text', (c) => c.notNull())
    .addColumn('closes', 'text')
    .addColumn('code', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('category', 'text')
    .addColumn('due_in_days', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  const existing = await sql<{ id: number; name: string }>`
    SELECT id, name FROM ns_notification_types
  `.execute(db);
  if (existing.rows.length === 0) return;
  const at = new Date().toISOString();
  for (const rule of CARRIED)
    await sql`
      INSERT INTO change_rules (opens, closes, code, title, body, link, category, due_in_days,
        created_at, updated_at)
      VALUES ('hold-added', 'hold-removed', ${rule.code}, ${rule.title}, ${rule.body}, ${rule.link},
        NULL, 14, ${at}, ${at})
    `.execute(db);
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
