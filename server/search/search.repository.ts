import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import type { Role } from '../../contract/roles.schema.js';
import type { Dialect } from '../db/database.js';
import type { DatabaseSchema } from '../db/schema.js';
import { SEARCH_KINDS } from './search-kinds.js';
import type { SearchKind } from './search-kinds.js';
import { MARK_END, MARK_START, fts5Match, segments, tsQuery } from './search-query.js';
import type { Segment } from './search-query.js';

/**
 * Who is searching, as the index's filters need it; the caller derives it with the role rules
 * (portal.md §6), so the repository only queries.
 */
export interface SearchReader {
  /** The person's id: their own Next Steps tasks. */
  userId: number;
  /** Messages addressed to them by username. */
  username: string;
  /** Every role they hold, derived ones included: messages addressed to a role. */
  roles: readonly Role[];
  /** Post categories they may not see (a role they lack, the financial dashboard without access). */
  hiddenCategories: readonly string[];
}

export interface Hit {
  id: number;
  title: Segment[];
  excerpt: Segment[];
}

export interface PostHit extends Hit {
  slug: string;
  postType: string;
  /** The published page the post stands on, if it stands on one. */
  pagePath: string | null;
}

export interface LinkHit extends Hit {
  url: string;
}

export interface SearchHits {
  posts: PostHit[];
  links: LinkHit[];
  tasks: Hit[];
  messages: Hit[];
}

/** How many hits of each kind one search answers. */
export const HITS_PER_KIND = 8;

interface RawHit {
  /** A number, or a bigint's text on PostgreSQL. */
  id: number | string;
  title: string;
  excerpt: string;
}

/**
 * Full-text search over the index migration 013-search keeps (FTS5 on SQLite, a `tsvector` with a
 * GIN index on PostgreSQL): posts and their links as the reader may see them (published, not drafts,
 * not on an unpublished page only, no hidden category), the reader's own published Next Steps tasks,
 * and the messages addressed to them that have not expired (in demo mode: the demo messages, and no
 * tasks). Best matches first, at most
 * `HITS_PER_KIND` of each kind; titles and excerpts come with the matched words marked.
 */
export class SearchRepository {
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly dialect: Dialect,
  ) {}

  async search(
    reader: SearchReader,
    words: readonly string[],
    now: Date,
    { demo = false }: { demo?: boolean } = {},
  ): Promise<SearchHits> {
    if (words.length === 0) return { posts: [], links: [], tasks: [], messages: [] };
    const at = now.toISOString();
    const [posts, links, tasks, messages] = await Promise.all([
      this.hits<RawHit & { slug: string; post_type: string; page_path: string | null }>(
        words,
        'post',
        sql`content_posts p ON p.id = ${this.rowId()}`,
        sql`${visiblePost(reader, at)}`,
        sql`p.slug, p.post_type, ${pagePath}`,
      ),
      this.hits<RawHit & { url: string }>(
        words,
        'link',
        sql`content_post_links l ON l.id = ${this.rowId()} JOIN content_posts p ON p.id = l.post_id`,
        sql`${visiblePost(reader, at)}`,
        sql`l.url`,
      ),
      this.hits<RawHit>(
        words,
        'task',
        sql`ns_tasks t ON t.id = ${this.rowId()}
          JOIN ns_user_tasks ut ON ut.task_id = t.id AND ut.user_id = ${reader.userId}`,
        // Demo mode shows demo tasks, which are not in the store.
        demo
          ? sql`1 = 0`
          : sql`t.published = 1 AND (t.publishes_on IS NULL OR t.publishes_on <= ${at})`,
      ),
      this.hits<RawHit>(
        words,
        'message',
        sql`messages m ON m.id = ${this.rowId()}`,
        demo
          ? sql`m.audience = 'demo'`
          : sql`(m.expires_on IS NULL OR m.expires_on > ${at}) AND (m.audience = 'everyone'
          OR (m.audience = 'person' AND m.username = ${reader.username})
          ${reader.roles.length > 0 ? sql`OR (m.audience = 'role' AND m.role IN (${sql.join([...reader.roles])}))` : sql``})`,
      ),
    ]);
    const marked = (row: RawHit): Hit => ({
      id: Number(row.id),
      title: segments(row.title),
      excerpt: segments(row.excerpt),
    });
    return {
      posts: posts.map((row) => ({
        ...marked(row),
        slug: row.slug,
        postType: row.post_type,
        pagePath: row.page_path,
      })),
      links: links.map((row) => ({ ...marked(row), url: row.url })),
      tasks: tasks.map(marked),
      messages: messages.map(marked),
    };
  }

  /** The indexed row's id, from the index's key (id × 8 + kind). */
  private rowId(): RawBuilder<number> {
    return this.dialect === 'sqlite' ? sql`search_fts.rowid / 8` : sql`(d.key / 8)::integer`;
  }

  /**
   * One kind's best hits: the index joined to its table (`join`, which names the row's `id` source),
   * filtered by `where`, with `columns` beside the marked title and excerpt.
   */
  private async hits<T extends RawHit>(
    words: readonly string[],
    kind: SearchKind,
    join: RawBuilder<unknown>,
    where: RawBuilder<unknown>,
    columns: RawBuilder<unknown> = sql`NULL AS no_column`,
  ): Promise<T[]> {
    const number = SEARCH_KINDS[kind];
    const start = sql.lit(MARK_START);
    const end = sql.lit(MARK_END);
    if (this.dialect === 'sqlite') {
      const { rows } = await sql<T>`
        SELECT ${this.rowId()} AS id, ${columns},
          highlight(search_fts, 0, ${start}, ${end}) AS title,
          snippet(search_fts, 1, ${start}, ${end}, '…', 16) AS excerpt
        FROM search_fts JOIN ${join}
        WHERE search_fts MATCH ${fts5Match(words)} AND search_fts.rowid % 8 = ${sql.lit(number)}
          AND ${where}
        ORDER BY bm25(search_fts, 5.0, 1.0)
        LIMIT ${sql.lit(HITS_PER_KIND)}`.execute(this.db);
      return rows;
    }
    const marks = sql.lit(`StartSel="${MARK_START}", StopSel="${MARK_END}"`);
    const { rows } = await sql<T>`
      SELECT hit.*,
        ts_headline('english', hit.full_title, q, ${marks} || ', HighlightAll=true') AS title,
        ts_headline('english', hit.full_body, q,
          ${marks} || ', MaxWords=24, MinWords=10, MaxFragments=1, FragmentDelimiter=…') AS excerpt
      FROM (
        SELECT ${this.rowId()} AS id, ${columns}, d.title AS full_title, d.body AS full_body,
          ts_rank(d.document, q) AS rank
        FROM to_tsquery('english', ${tsQuery(words)}) q, search_documents d JOIN ${join}
        WHERE d.document @@ q AND d.key % 8 = ${sql.lit(number)} AND ${where}
        ORDER BY rank DESC
        LIMIT ${sql.lit(HITS_PER_KIND)}
      ) hit, to_tsquery('english', ${tsQuery(words)}) q
      ORDER BY hit.rank DESC`.execute(this.db);
    return rows;
  }
}

/** A post the reader may see: published, not a draft, not only on unpublished pages, not hidden. */
function visiblePost(reader: SearchReader, at: string): RawBuilder<unknown> {
  const hidden =
    reader.hiddenCategories.length > 0
      ? sql`AND (p.category IS NULL OR p.category NOT IN (${sql.join([...reader.hiddenCategories])}))`
      : sql``;
  return sql`p.draft = 0 AND (p.publishing_opens_on IS NULL OR p.publishing_opens_on <= ${at})
    ${hidden}
    AND (${pagePath} IS NOT NULL OR NOT EXISTS (
      SELECT 1 FROM content_page_posts pp WHERE pp.post_id = p.id))`;
}

/** The first published page a post stands on, by the page's id. */
const pagePath = sql<string | null>`(SELECT pg.path FROM content_page_posts pp
  JOIN content_pages pg ON pg.id = pp.page_id
  WHERE pp.post_id = p.id AND pg.published = 1 ORDER BY pg.id LIMIT 1)`;
