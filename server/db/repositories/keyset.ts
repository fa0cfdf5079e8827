import { sql } from 'kysely';
import type { RawBuilder, SqlBool } from 'kysely';

/**
 * A keyset page's condition (issue 87): the rows past the row whose id is `cursor` in the order of
 * `columns` (the list's sort columns, its unique `id` last), `asc` or `desc`. The cursor row's own
 * values are read in the query, so the address carries only an id; a row compared as a row value,
 * which SQLite and PostgreSQL both do in the order their ORDER BY uses. A cursor whose row is gone
 * matches nothing (the list's end), never another page.
 */
export function pastCursor(
  table: string,
  alias: string,
  columns: readonly string[],
  cursor: number,
  direction: 'asc' | 'desc',
): RawBuilder<SqlBool> {
  const ours = sql.join(columns.map((c) => sql.ref(`${alias}.${c}`)));
  const theirs = sql.join(columns.map((c) => sql.ref(`cursor_row.${c}`)));
  const past = direction === 'asc' ? sql`>` : sql`<`;
  return sql<SqlBool>`(${ours}) ${past} (select ${theirs} from ${sql.table(table)} as cursor_row where cursor_row.id = ${cursor})`;
}

/** One more than a page is read: the page, and the cursor of the next when there is more. */
export function pageOf<T extends { id: number }>(
  rows: readonly T[],
  size: number,
): { items: T[]; next: number | undefined } {
  const items = rows.slice(0, size);
  return { items, next: rows.length > size ? items.at(-1)?.id : undefined };
}
