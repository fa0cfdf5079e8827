import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import { taskInList } from './task-visibility.sql.js';
import { SEARCH_KINDS } from './search-kinds.js';
import type { Language } from '../../../contract/language.schema.js';
import { MARK_END, MARK_START, indexMatch, tsQuery, tsQuerySpanish } from './search-match.js';
import type { SearchReader } from './search-reader.js';

/**
 * The one statement a search is: one full-text match over the one index (migration 013-search, its
 * prefixes from 024-search-cost), each indexed row joined to its source by its kind (the key's
 * remainder by 8) and kept only if the reader may see it. SQLite's statement streams (newest rows
 * first, the best per kind kept as they come: search/search-scan.ts), so a time budget can stop it
 * with what it has; PostgreSQL's ranks within the statement and answers the best per kind.
 */

export interface StatementInput {
  reader: SearchReader;
  words: readonly string[];
  at: Date;
  /** Demo mode: the demo messages, and no tasks (the demo's are not in the store). */
  demo: boolean;
  perKind: number;
  /** The reader's language: Spanish readers search the Spanish index (045-search-spanish). */
  language: Language;
}

const start = sql.lit(MARK_START);
const end = sql.lit(MARK_END);
const kind = (name: keyof typeof SEARCH_KINDS) => sql.lit(SEARCH_KINDS[name]);

/** The first published page the post `alias` stands on, by the page's id. */
const pagePath = (alias: string) => sql<string | null>`(SELECT pg.path FROM content_page_posts pp
  JOIN content_pages pg ON pg.id = pp.page_id
  WHERE pp.post_id = ${sql.ref(`${alias}.id`)} AND pg.published = 1 ORDER BY pg.id LIMIT 1)`;

/** A post the reader may see: published, not a draft, not only on unpublished pages, not hidden. */
function visiblePost(alias: string, reader: SearchReader, at: string): RawBuilder<unknown> {
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  const hidden =
    reader.hiddenCategories.length > 0
      ? sql`AND (${col('category')} IS NULL OR ${col('category')} NOT IN (${sql.join([...reader.hiddenCategories])}))`
      : sql``;
  return sql`${col('id')} IS NOT NULL AND ${col('draft')} = 0
    AND (${col('publishing_opens_on')} IS NULL OR ${col('publishing_opens_on')} <= ${at})
    ${hidden}
    AND (${pagePath(alias)} IS NOT NULL OR NOT EXISTS (
      SELECT 1 FROM content_page_posts pp WHERE pp.post_id = ${col('id')}))`;
}

/** Which rows of the index the reader may see, whatever their kind. */
function visible({ reader, at, demo }: StatementInput): RawBuilder<unknown> {
  const iso = at.toISOString();
  // The Next Steps list's own rule (next-steps/task-visibility.ts): search finds only listed tasks.
  const task = demo
    ? sql`1 = 0`
    : sql`ut.id IS NOT NULL AND ${taskInList({ userTask: 'ut', task: 't' }, { published: true, at })}`;
  const roles =
    reader.roles.length > 0
      ? sql`OR (m.audience = 'role' AND m.role IN (${sql.join([...reader.roles])}))`
      : sql``;
  const message = demo
    ? sql`m.id IS NOT NULL AND m.audience = 'demo'`
    : sql`m.id IS NOT NULL AND (m.expires_on IS NULL OR m.expires_on > ${iso}) AND (
        m.audience = 'everyone' OR (m.audience = 'person' AND m.username = ${reader.username}) ${roles})`;
  return sql`((${visiblePost('p', reader, iso)}) OR (${visiblePost('lp', reader, iso)})
    OR (${task}) OR (${message}))`;
}

/** Each indexed row's source, by kind (`id` is the row's id, from the key). */
function sources(id: RawBuilder<number>, key: RawBuilder<unknown>, userId: number) {
  const of = (name: keyof typeof SEARCH_KINDS) => sql`${key} % 8 = ${kind(name)} AND`;
  return sql`LEFT JOIN content_posts p ON ${of('post')} p.id = ${id}
    LEFT JOIN content_post_links l ON ${of('link')} l.id = ${id}
    LEFT JOIN content_posts lp ON lp.id = l.post_id
    LEFT JOIN ns_tasks t ON ${of('task')} t.id = ${id}
    LEFT JOIN ns_user_tasks ut ON ut.task_id = t.id AND ut.user_id = ${userId}
    LEFT JOIN messages m ON ${of('message')} m.id = ${id}`;
}

/**
 * Whether a row's indexed title is its Spanish (045-search-spanish): for a Spanish reader, a post,
 * task or message whose `translations` hold a Spanish title; links have none. English readers: never.
 */
function sqliteSpanish(language: Language): RawBuilder<number> {
  if (language !== 'es') return sql<number>`0`;
  const title = (alias: string) => {
    const column = sql.ref(`${alias}.translations`);
    return sql`CASE WHEN json_valid(${column}) THEN json_extract(${column}, '$.es.title') END`;
  };
  return sql<number>`(coalesce(${title('p')}, ${title('t')}, ${title('m')}) IS NOT NULL)`;
}

/**
 * SQLite: every visible match, newest first, each with `hit` (its rank, marked title and excerpt,
 * post and link columns as a JSON array) only when `search_keep` (search/search-scan.ts) says it
 * is among the best of its kind so far, so the marks are made for few rows; `search_in_time` ends
 * the statement when the budget is spent.
 */
export function sqliteStatement(input: StatementInput): RawBuilder<unknown> {
  const index = sql.raw(input.language === 'es' ? 'search_fts_es' : 'search_fts');
  const key = sql`${index}.rowid`;
  const rank = sql`bm25(${index}, 5.0, 1.0)`;
  return sql`SELECT ${key} AS key,
      CASE WHEN search_keep(${key} % 8, ${rank}) THEN json_array(${rank},
        highlight(${index}, 0, ${start}, ${end}),
        snippet(${index}, 1, ${start}, ${end}, '…', 16),
        p.slug, p.post_type, ${pagePath('p')}, l.url, ${sqliteSpanish(input.language)}) END AS hit
    FROM ${index} ${sources(sql`${index}.rowid / 8`, key, input.reader.userId)}
    WHERE ${index} MATCH ${indexMatch(input.words, input.language)} AND search_in_time(${key})
      AND ${visible(input)}
    ORDER BY ${key} DESC`;
}

/** A row of the PostgreSQL statement (`key` is a bigint: text from the driver). */
export interface PostgresHitRow {
  key: number | string;
  rank: number;
  title: string;
  excerpt: string;
  slug: string | null;
  post_type: string | null;
  page_path: string | null;
  url: string | null;
  /** The title and excerpt are the row's Spanish (`title_es`, for a Spanish reader). */
  spanish: boolean;
}

/** PostgreSQL: the best `perKind` visible matches of each kind, marked, best first. */
export function postgresStatement(input: StatementInput): RawBuilder<PostgresHitRow> {
  const marks = sql.lit(`StartSel="${MARK_START}", StopSel="${MARK_END}"`);
  const es = input.language === 'es';
  // Spanish: the Spanish document, its text folded (045-search-spanish) and marked by `spanish`.
  const config = sql.lit(es ? 'spanish' : 'english');
  const query = es
    ? sql`to_tsquery('spanish', ${tsQuerySpanish(input.words)})`
    : sql`to_tsquery('english', ${tsQuery(input.words)})`;
  const document = sql.raw(es ? 'd.document_es' : 'd.document');
  const title = sql.raw(es ? 'coalesce(d.title_es, d.title)' : 'd.title');
  const body = sql.raw(es ? 'coalesce(d.body_es, d.body)' : 'd.body');
  const spanish = sql.raw(es ? 'd.title_es IS NOT NULL' : 'false');
  return sql<PostgresHitRow>`SELECT hit.key, hit.rank, hit.slug, hit.post_type, hit.page_path, hit.url,
      hit.spanish,
      ts_headline(${config}, hit.full_title, q, ${marks} || ', HighlightAll=true') AS title,
      ts_headline(${config}, hit.full_body, q,
        ${marks} || ', MaxWords=24, MinWords=10, MaxFragments=1, FragmentDelimiter=…') AS excerpt
    FROM (
      SELECT d.key, ${title} AS full_title, ${body} AS full_body, ${spanish} AS spanish,
        ts_rank(${document}, q) AS rank,
        p.slug, p.post_type, ${pagePath('p')} AS page_path, l.url,
        row_number() OVER (PARTITION BY d.key % 8 ORDER BY ts_rank(${document}, q) DESC, d.key DESC) AS n
      FROM ${query} q CROSS JOIN search_documents d
        ${sources(sql`(d.key / 8)::integer`, sql`d.key`, input.reader.userId)}
      WHERE ${document} @@ q AND ${visible(input)}
    ) hit, ${query} q
    WHERE hit.n <= ${sql.lit(input.perKind)}
    ORDER BY hit.rank DESC, hit.key DESC`;
}

/**
 * PostgreSQL: the budget of the statement that follows in the same transaction. At least 1 ms (0
 * would mean no limit); `SET` takes no parameter, hence the literal of a checked whole number.
 */
export const statementTimeout = (budgetMs: number): RawBuilder<unknown> =>
  sql`SET LOCAL statement_timeout = ${sql.lit(Math.max(1, Math.floor(budgetMs)))}`;
