import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Search with a bounded cost (issue 41): a typed term matches as the start of a word only from 3
 * characters (db/repositories/search-match.ts), so SQLite's index keeps prefixes of 3 characters only,
 * not also of 2 (013-search's `prefix = '2 3'`): the 2-character prefix index is never read again
 * and only cost every write. The index is built anew with the rows it held, from their sources; the
 * triggers of 013-search write into it by name and stay as they are. PostgreSQL's `tsvector` index
 * has no prefix lists: nothing changes there.
 *
 * On both stores, the pages a post stands on by the post (the search's visibility check asks it of
 * every matching post; the primary key starts with the page, so each ask read the whole table).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createIndex('content_page_posts_post')
    .on('content_page_posts')
    .column('post_id')
    .execute();
  if (dialect !== 'sqlite') return;
  await sql`DROP TABLE search_fts`.execute(db);
  await sql`CREATE VIRTUAL TABLE search_fts USING fts5(
    title, body, tokenize = 'porter unicode61 remove_diacritics 2', prefix = '3')`.execute(db);
  // The indexed tables and their kinds' numbers, as 013-search fixed them.
  const sources = [
    { table: 'content_posts', kind: 1, title: 'title', text: 'body' },
    { table: 'ns_tasks', kind: 2, title: 'title', text: 'description' },
    { table: 'messages', kind: 3, title: 'title', text: 'body' },
    { table: 'content_post_links', kind: 4, title: 'link_text', text: 'description' },
  ];
  for (const { table, kind, title, text } of sources) {
    await sql`INSERT INTO search_fts(rowid, title, body)
      SELECT id * 8 + ${sql.lit(kind)}, ${sql.raw(`${title}, portal_text(${text})`)}
      FROM ${sql.raw(table)}`.execute(db);
  }
}
