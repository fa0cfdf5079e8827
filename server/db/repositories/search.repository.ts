import type { Kysely } from 'kysely';
import type { Language } from '../../../contract/language.schema.js';
import type { ScanAnswer, ScanHit, ScanTask } from '../../search/search-scan.js';
import type { Dialect } from '../dialect.js';
import type { DatabaseSchema } from '../schema.js';
import { SEARCH_KINDS } from './search-kinds.js';
import { segments } from './search-match.js';
import type { Segment } from './search-match.js';
import { postgresStatement, sqliteStatement, statementTimeout } from './search.sql.js';
import type { PostgresHitRow, StatementInput } from './search.sql.js';
import type { SearchReader } from './search-reader.js';

export type { SearchReader } from './search-reader.js';

export interface Hit {
  id: number;
  title: Segment[];
  excerpt: Segment[];
  /** The language of the title and excerpt: the row's Spanish for a Spanish reader, else English. */
  lang: Language;
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
  /** The time budget ran out: some matches may be missing. */
  partial: boolean;
}

/**
 * How many hits of each kind one search answers: one more than a group of the route's answer holds
 * (contract's `SEARCH_GROUP_MAX`, 8), so the route can say the group found more (issue 87).
 */
export const HITS_PER_KIND = 9;

export interface SearchOptions {
  demo?: boolean;
  /** How long the store may spend on the search, in ms (`SEARCH_BUDGET_MS`). */
  budgetMs?: number;
  /** The reader's language: which index is asked (Spanish: 045-search-spanish). */
  language?: Language;
  /** How many of each kind (default HITS_PER_KIND): a group's later page asks for more (issue 87). */
  perKind?: number;
}

/**
 * Runs a search's compiled SQLite statement within its budget: the scan the repository is given
 * (search/search-pool.ts `sqliteSearchScan`: on the search thread for a store file, on the store's
 * own connection for one in memory), so that it never runs on the event loop.
 */
export type SqliteSearchScan = (
  search: Omit<ScanTask, 'deadline'> & { budgetMs: number },
) => Promise<ScanAnswer>;

const DEFAULT_BUDGET_MS = 250;
/** PostgreSQL's error for a statement cancelled by `statement_timeout`. */
const QUERY_CANCELED = '57014';

/**
 * Full-text search over the one index migration 013-search keeps (FTS5 on SQLite, a `tsvector` with
 * a GIN index on PostgreSQL), in one statement per search (search.sql.ts): posts and their
 * links as the reader may see them (published, not drafts, not on an unpublished page only, no
 * hidden category), the tasks the reader's Next Steps list shows, and the messages addressed to them
 * that have not expired (in demo mode: the demo messages, and no tasks). Best matches first, at most
 * `HITS_PER_KIND` of each kind; titles and excerpts come with the matched words marked.
 *
 * The store spends at most the budget on it: on SQLite the statement runs on the search thread
 * (the scan it is given, search/search-pool.ts) with a read-only connection of its own, never on
 * the event loop, and stops at the budget with what it found; on PostgreSQL the pool runs it under a
 * `statement_timeout`. Either way an answer cut short says `partial`. An in-memory SQLite store
 * (tests that do not search) runs the same scan on its own connection.
 */
export class SearchRepository {
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly dialect: Dialect,
    private readonly scanSqlite?: SqliteSearchScan,
  ) {}

  async search(
    reader: SearchReader,
    words: readonly string[],
    now: Date,
    {
      demo = false,
      budgetMs = DEFAULT_BUDGET_MS,
      language = 'en',
      perKind = HITS_PER_KIND,
    }: SearchOptions = {},
  ): Promise<SearchHits> {
    if (words.length === 0)
      return { posts: [], links: [], tasks: [], messages: [], partial: false };
    const input: StatementInput = {
      reader,
      words,
      at: now,
      demo,
      perKind,
      language,
    };
    const answer =
      this.dialect === 'sqlite'
        ? await this.scan(input, budgetMs)
        : await this.rank(input, budgetMs);
    return toHits(answer);
  }

  /** SQLite: the streaming scan, on the search thread when the store is a file. */
  private async scan(input: StatementInput, budgetMs: number): Promise<ScanAnswer> {
    const { sql, parameters } = sqliteStatement(input).compile(this.db);
    if (!this.scanSqlite) throw new Error('The SQLite search needs the store’s connection.');
    return this.scanSqlite({ sql, parameters, perKind: input.perKind, budgetMs });
  }

  /** PostgreSQL: the ranked statement under the budget, on the pool. */
  private async rank(input: StatementInput, budgetMs: number): Promise<ScanAnswer> {
    // As on SQLite, where a spent budget reads nothing: 0 is no time for the store at all.
    if (budgetMs <= 0) return { hits: [], partial: true };
    try {
      const rows = await this.db.transaction().execute(async (trx) => {
        await statementTimeout(budgetMs).execute(trx);
        const { rows } = await postgresStatement(input).execute(trx);
        return rows;
      });
      return { hits: rows.map(pgHit), partial: false };
    } catch (err) {
      if (err instanceof Error && 'code' in err && err.code === QUERY_CANCELED) {
        return { hits: [], partial: true };
      }
      throw err;
    }
  }
}

/** A row of the PostgreSQL statement, as the SQLite scan gives its kept matches. */
const pgHit = (row: PostgresHitRow): ScanHit => ({
  key: Number(row.key),
  rank: Number(row.rank),
  title: row.title,
  excerpt: row.excerpt,
  slug: row.slug,
  postType: row.post_type,
  pagePath: row.page_path,
  url: row.url,
  spanish: row.spanish,
});

/** The kept matches by kind, in their order (best first), with the marks as segments. */
function toHits({ hits, partial }: ScanAnswer): SearchHits {
  const out: SearchHits = { posts: [], links: [], tasks: [], messages: [], partial };
  for (const hit of hits) {
    const marked: Hit = {
      id: Math.floor(hit.key / 8),
      title: segments(hit.title),
      excerpt: segments(hit.excerpt),
      lang: hit.spanish ? 'es' : 'en',
    };
    switch (hit.key % 8) {
      case SEARCH_KINDS.post:
        out.posts.push({
          ...marked,
          slug: hit.slug ?? '',
          postType: hit.postType ?? '',
          pagePath: hit.pagePath,
        });
        break;
      case SEARCH_KINDS.link:
        out.links.push({ ...marked, url: hit.url ?? '' });
        break;
      case SEARCH_KINDS.task:
        out.tasks.push(marked);
        break;
      case SEARCH_KINDS.message:
        out.messages.push(marked);
        break;
    }
  }
  return out;
}
