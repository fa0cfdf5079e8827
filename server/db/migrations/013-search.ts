import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Full-text search in the store itself: one index over posts, their links (resources and school
 * tools), Next Steps tasks and messages, kept
 * current by the store (triggers), so no code path that writes one of them can forget it. Each
 * indexed row's key is its id times 8 plus its kind's number (fixed here; `db/repositories/search-kinds.ts`
 * reads keys with the same numbers). Markup is reduced
 * to text by `portal_text` (SQLite: a function the driver registers; PostgreSQL: SQL). SQLite:
 * FTS5 with the Porter stemmer; PostgreSQL: a weighted English `tsvector` with a GIN index.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') await upSqlite(db);
  else await upPostgres(db);
}

/** The indexed tables: what a row's title and text are. */
const SOURCES = [
  { table: 'content_posts', kind: 1, title: 'title', text: 'body' },
  { table: 'ns_tasks', kind: 2, title: 'title', text: 'description' },
  { table: 'messages', kind: 3, title: 'title', text: 'body' },
  { table: 'content_post_links', kind: 4, title: 'link_text', text: 'description' },
] as const;

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE VIRTUAL TABLE search_fts USING fts5(
    title, body, tokenize = 'porter unicode61 remove_diacritics 2', prefix = '2 3')`.execute(db);
  for (const { table, kind, title, text } of SOURCES) {
    const key = (row: 'new' | 'old') => sql.raw(`${row}.id * 8 + ${kind}`);
    const values = sql.raw(`new.${title}, portal_text(new.${text})`);
    const name = (what: string) => sql.raw(`${table}_search_${what}`);
    const on = sql.raw(table);
    await sql`CREATE TRIGGER ${name('insert')} AFTER INSERT ON ${on} BEGIN
      INSERT INTO search_fts(rowid, title, body) VALUES (${key('new')}, ${values}); END`.execute(
      db,
    );
    await sql`CREATE TRIGGER ${name('update')} AFTER UPDATE OF ${sql.raw(`${title}, ${text}`)} ON ${on} BEGIN
      DELETE FROM search_fts WHERE rowid = ${key('old')};
      INSERT INTO search_fts(rowid, title, body) VALUES (${key('new')}, ${values}); END`.execute(
      db,
    );
    await sql`CREATE TRIGGER ${name('delete')} AFTER DELETE ON ${on} BEGIN
      DELETE FROM search_fts WHERE rowid = ${key('old')}; END`.execute(db);
    await sql`INSERT INTO search_fts(rowid, title, body)
      SELECT id * 8 + ${sql.raw(String(kind))}, ${sql.raw(`${title}, portal_text(${text})`)} FROM ${on}`.execute(
      db,
    );
  }
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  // Tags become spaces, the entities the sanitiser writes become their characters.
  await sql`CREATE FUNCTION portal_text(markup text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT replace(replace(replace(replace(replace(replace(
      regexp_replace(coalesce(markup, ''), '<[^>]*>', ' ', 'g'),
      '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&')
  $$`.execute(db);
  await sql`CREATE TABLE search_documents (
    key bigint PRIMARY KEY,
    title text NOT NULL,
    body text NOT NULL,
    document tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', body), 'B')
    ) STORED)`.execute(db);
  await sql`CREATE INDEX search_documents_document ON search_documents USING GIN (document)`.execute(
    db,
  );
  for (const { table, kind, title, text } of SOURCES) {
    const fn = sql.raw(`${table}_search_sync`);
    const key = (row: 'NEW' | 'OLD') => sql.raw(`${row}.id * 8 + ${kind}`);
    await sql`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          DELETE FROM search_documents WHERE key = ${key('OLD')};
          RETURN OLD;
        END IF;
        INSERT INTO search_documents (key, title, body)
          VALUES (${key('NEW')}, ${sql.raw(`NEW.${title}, portal_text(NEW.${text})`)})
          ON CONFLICT (key) DO UPDATE SET title = EXCLUDED.title, body = EXCLUDED.body;
        RETURN NEW;
      END $$`.execute(db);
    await sql`CREATE TRIGGER ${sql.raw(`${table}_search`)}
      AFTER INSERT OR UPDATE OF ${sql.raw(`${title}, ${text}`)} OR DELETE ON ${sql.raw(table)}
      FOR EACH ROW EXECUTE FUNCTION ${fn}()`.execute(db);
    await sql`INSERT INTO search_documents (key, title, body)
      SELECT id * 8 + ${sql.raw(String(kind))}, ${sql.raw(`${title}, portal_text(${text})`)} FROM ${sql.raw(table)}`.execute(
      db,
    );
  }
}
