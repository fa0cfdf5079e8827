import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Search in Spanish (issue 76): beside the English index of 013-search, one a Spanish reader
 * searches, of each row's Spanish title and text where the staff wrote them (`translations`,
 * 038-staff-translations) and its English otherwise (links have no Spanish of their own), kept by
 * the store with triggers like the English one, accents folded.
 *
 * - SQLite: an FTS5 table `search_fts_es` with the `unicode61` tokenizer folding accents and no
 *   stemmer (FTS5 has only Porter's English one): a typed word is stemmed by the Spanish Snowball
 *   stemmer in code and matched as the start of a word (db/repositories/search-match.ts).
 * - PostgreSQL: `search_documents` keeps the Spanish title and text beside the English and a
 *   `document_es` by the `spanish` configuration over `portal_fold` (accents and ñ as plain letters,
 *   with `translate`: immutable, so a generated column may use it, and needs no `unaccent`
 *   extension, which a store's owner may not be allowed to create), with a GIN index.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') await upSqlite(db);
  else await upPostgres(db);
}

/** The indexed tables (013-search's kinds); `spanish` when the row may keep a Spanish version. */
const SOURCES = [
  { table: 'content_posts', kind: 1, title: 'title', text: 'body', spanish: true },
  { table: 'ns_tasks', kind: 2, title: 'title', text: 'description', spanish: true },
  { table: 'messages', kind: 3, title: 'title', text: 'body', spanish: true },
  { table: 'content_post_links', kind: 4, title: 'link_text', text: 'description', spanish: false },
] as const;

type Source = (typeof SOURCES)[number];

/** SQLite: a row's Spanish title and text, its English where it has no valid Spanish. */
function sqliteValues({ title, text, spanish }: Source, row: string): string {
  if (!spanish) return `${row}.${title}, portal_text(${row}.${text})`;
  const es = (field: string) =>
    `CASE WHEN json_valid(${row}.translations) THEN json_extract(${row}.translations, '$.es.${field}') END`;
  return `coalesce(${es('title')}, ${row}.${title}), portal_text(coalesce(${es('body')}, ${row}.${text}))`;
}

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE VIRTUAL TABLE search_fts_es USING fts5(
    title, body, tokenize = 'unicode61 remove_diacritics 2', prefix = '3')`.execute(db);
  for (const source of SOURCES) {
    const { table, kind, title, text, spanish } = source;
    const key = (row: 'new' | 'old') => sql.raw(`${row}.id * 8 + ${kind}`);
    const values = sql.raw(sqliteValues(source, 'new'));
    const name = (what: string) => sql.raw(`${table}_search_es_${what}`);
    const on = sql.raw(table);
    const columns = sql.raw([title, text, ...(spanish ? ['translations'] : [])].join(', '));
    await sql`CREATE TRIGGER ${name('insert')} AFTER INSERT ON ${on} BEGIN
      INSERT INTO search_fts_es(rowid, title, body) VALUES (${key('new')}, ${values}); END`.execute(
      db,
    );
    await sql`CREATE TRIGGER ${name('update')} AFTER UPDATE OF ${columns} ON ${on} BEGIN
      DELETE FROM search_fts_es WHERE rowid = ${key('old')};
      INSERT INTO search_fts_es(rowid, title, body) VALUES (${key('new')}, ${values}); END`.execute(
      db,
    );
    await sql`CREATE TRIGGER ${name('delete')} AFTER DELETE ON ${on} BEGIN
      DELETE FROM search_fts_es WHERE rowid = ${key('old')}; END`.execute(db);
    await sql`INSERT INTO search_fts_es(rowid, title, body)
      SELECT id * 8 + ${sql.lit(kind)}, ${sql.raw(sqliteValues(source, table))} FROM ${on}`.execute(
      db,
    );
  }
}

/** The letters `portal_fold` turns into plain ones (lower case first). */
const ACCENTED = 'áàâäãéèêëíìîïóòôöõúùûüñç';
const PLAIN = 'aaaaaeeeeiiiiooooouuuunc';

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE FUNCTION portal_fold(words text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT translate(lower(coalesce(words, '')), ${sql.lit(ACCENTED)}, ${sql.lit(PLAIN)})
  $$`.execute(db);
  await sql`ALTER TABLE search_documents ADD COLUMN title_es text, ADD COLUMN body_es text`.execute(
    db,
  );
  await sql`ALTER TABLE search_documents ADD COLUMN document_es tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('spanish', portal_fold(coalesce(title_es, title))), 'A') ||
      setweight(to_tsvector('spanish', portal_fold(coalesce(body_es, body))), 'B')
    ) STORED`.execute(db);
  await sql`CREATE INDEX search_documents_document_es ON search_documents USING GIN (document_es)`.execute(
    db,
  );
  for (const { table, kind, title, text, spanish } of SOURCES) {
    if (!spanish) continue;
    const fn = sql.raw(`${table}_search_sync`);
    const key = (row: 'NEW' | 'OLD') => sql.raw(`${row}.id * 8 + ${kind}`);
    const es = (row: string, field: string) =>
      `(${row}.translations::jsonb -> 'es' ->> '${field}')`;
    const values = sql.raw(
      `NEW.${title}, portal_text(NEW.${text}), ${es('NEW', 'title')}, portal_text(${es('NEW', 'body')})`,
    );
    await sql`CREATE OR REPLACE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          DELETE FROM search_documents WHERE key = ${key('OLD')};
          RETURN OLD;
        END IF;
        INSERT INTO search_documents (key, title, body, title_es, body_es)
          VALUES (${key('NEW')}, ${values})
          ON CONFLICT (key) DO UPDATE SET title = EXCLUDED.title, body = EXCLUDED.body,
            title_es = EXCLUDED.title_es, body_es = EXCLUDED.body_es;
        RETURN NEW;
      END $$`.execute(db);
    const trigger = sql.raw(`${table}_search`);
    await sql`DROP TRIGGER ${trigger} ON ${sql.raw(table)}`.execute(db);
    await sql`CREATE TRIGGER ${trigger}
      AFTER INSERT OR UPDATE OF ${sql.raw(`${title}, ${text}, translations`)} OR DELETE ON ${sql.raw(table)}
      FOR EACH ROW EXECUTE FUNCTION ${fn}()`.execute(db);
    await sql`UPDATE search_documents d SET title_es = ${sql.raw(es('s', 'title'))},
        body_es = portal_text(${sql.raw(es('s', 'body'))})
      FROM ${sql.raw(table)} s WHERE d.key = s.id * 8 + ${sql.lit(kind)}`.execute(db);
  }
}
