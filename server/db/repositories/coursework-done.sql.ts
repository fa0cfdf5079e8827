import { sql } from 'kysely';
import type { RawBuilder, SqlBool } from 'kysely';

/**
 * An item's UID: its id without the `@<start>` the iCalendar reader appends (an ISO time: 25
 * characters with the `@`; server/coursework/items.ts `uidOf`), the id itself when it has none.
 */
const uidOf = (id: RawBuilder<string>) =>
  sql<string>`CASE WHEN length(${id}) > 25 AND substr(${id}, length(${id}) - 24, 1) = '@' THEN substr(${id}, 1, length(${id}) - 25) ELSE ${id} END`;

/**
 * Whether the coursework item `item` (an alias of `coursework_items`) is still to do: the one place
 * the reminders' queries (CourseworkRemindersRepository: the planner's and the sender's second look)
 * ask it. Done is a mark in `coursework_done` (migration 028) under the item's key, as `doneKeys`
 * (server/coursework/items.ts) gives it: the UID when no other item of the person shares it, else the
 * whole id.
 */
export function courseworkNotDone(item: string): RawBuilder<SqlBool> {
  const id = sql.ref<string>(`${item}.id`);
  const userId = sql.ref<number>(`${item}.user_id`);
  return sql<SqlBool>`NOT EXISTS (
    SELECT 1 FROM coursework_done d
    WHERE d.user_id = ${userId}
      AND (
        d.item_key = ${id}
        OR (
          d.item_key = ${uidOf(id)}
          AND NOT EXISTS (
            SELECT 1 FROM coursework_items o
            WHERE o.user_id = ${userId} AND o.id <> ${id} AND ${uidOf(sql.ref<string>('o.id'))} = ${uidOf(id)}
          )
        )
      )
  )`;
}
