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

/** A page of a list of posts, and whether more follow its last. */
export interface PostsPage<P> {
  posts: P[];
  more: boolean;
}

/** What a page is asked with: its size (absent: POSTS_PAGE_MAX) and the cursor, a post's `pk`. */
export interface PostsPageAsk {
  limit?: number | undefined;
  after?: number | undefined;
}

/**
 * The same page read by a store: its query asks for one row past the page (`rowsToRead`, SQL's
 * `LIMIT n + 1`) and the page is the rows read less that one, `more` whether it came.
 */
export const rowsToRead = (limit: number) => limit + 1;
export function fromRows<P>(rows: readonly P[], limit: number): PostsPage<P> {
  return { posts: rows.slice(0, limit), more: rows.length > limit };
}
