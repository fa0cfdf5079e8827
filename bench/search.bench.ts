// Search in the store: 10,000 posts (on pages and not, every tenth for a role, some drafts) and
// 1,000 Next Steps tasks assigned to the searching student, on SQLite (FTS5) and, with DATABASE_URL,
// PostgreSQL (tsvector + GIN). Reports p50 and p95 ms per query of the search repository for a mix
// of whole words, starts of words and two-word queries, against a baseline measured in the same run
// on the same store: a plain indexed lookup (a post by its unique slug). Target: p95 ≤ 30 ms.
// Then `underLoad` (search-load.ts): a server on a SQLite file of 10,000 posts of 300 words while one
// person searches `a b c d e f g h`-style queries at the permitted rate; BENCH_SEARCH_LOAD=0 skips it,
// BENCH_SEARCH_REPOSITORY=0 skips the part above. Writes bench/results/search.json.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../server/db/database.js';
import type { Database } from '../server/db/database.js';
import { SearchRepository } from '../server/db/repositories/search.repository.js';
import type { SearchReader } from '../server/db/repositories/search.repository.js';
import { sqliteSearchScan } from '../server/search/search-pool.js';
import { searchWords } from '../server/search/search-query.js';
import { taskRow, userRow } from '../tests/fixtures/store-rows.js';
import { underLoad } from './search-load.js';

const POSTS = 10_000;
const TASKS = 1_000;
const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 20);
const TARGET_P95_MS = 30;
const NOW = new Date('2026-11-23T12:00:00.000Z');
const QUERIES = [
  'registration',
  'regist',
  'tuition deadline',
  'library',
  'lib',
  'scholarship',
  'immunization records',
  'parking permit',
  'advis',
  'financial aid',
  'housing',
  'exam',
];
const TOPICS = [
  'registration opens for winter term',
  'tuition deadline and payment plans',
  'library hours during finals',
  'scholarship applications due',
  'immunization records for new students',
  'parking permit renewal',
  'advising appointments',
  'financial aid disbursement',
  'housing contracts for next year',
  'final exam schedule',
  'career fair and internships',
  'counseling and wellness services',
];
const ROLE_CATEGORIES = ['staff', 'faculty', 'advisor', null, null, null, null, null, null, null];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const round = (n: number) => Math.round(n * 100) / 100;

async function fill(database: Database): Promise<SearchReader> {
  const { db } = database;
  const user = await db
    .insertInto('users')
    .values(userRow('bench', NOW))
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let start = 0; start < POSTS; start += 500) {
    const rows = Array.from({ length: 500 }, (_, k) => {
      const i = start + k;
      const topic = TOPICS[i % TOPICS.length]!;
      return {
        post_type: i % 7 === 0 ? 'blog' : 'resources',
        slug: `post-${i}`,
        title: `${topic} (${i})`,
        body: `<p>Everything about <strong>${topic}</strong>: where to go, what to bring and whom to ask. Item ${i} of the campus guide, with links to the ${TOPICS[(i * 7) % TOPICS.length]} pages.</p>`,
        category: ROLE_CATEGORIES[i % ROLE_CATEGORIES.length] ?? null,
        draft: i % 50 === 0 ? 1 : 0,
        hide_text: 0,
      };
    });
    await db.insertInto('content_posts').values(rows).execute();
  }
  const category = await db
    .insertInto('ns_categories')
    .values({ slug: 'bench', name: 'Bench' })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let start = 0; start < TASKS; start += 500) {
    const tasks = await db
      .insertInto('ns_tasks')
      .values(
        Array.from({ length: 500 }, (_, k) =>
          taskRow(
            `Complete ${TOPICS[(start + k) % TOPICS.length]} step ${start + k}`,
            category.id,
            { description: `<p>Finish the ${TOPICS[(start + k + 3) % TOPICS.length]} form.</p>` },
          ),
        ),
      )
      .returning('id')
      .execute();
    await db
      .insertInto('ns_user_tasks')
      .values(tasks.map((t) => ({ user_id: user.id, task_id: t.id, starred: 0 })))
      .execute();
  }
  if (database.dialect === 'postgres') await sql`ANALYZE`.execute(db);
  return {
    userId: user.id,
    username: 'bench',
    roles: ['student'],
    hiddenCategories: [
      'staff',
      'faculty',
      'advisor',
      'emeritus',
      'student_worker',
      'financial_dashboard',
    ],
  };
}

async function time(work: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

async function measure(name: string, database: Database) {
  const reader = await fill(database);
  const search = new SearchRepository(
    database.db,
    database.dialect,
    database.sqlite && sqliteSearchScan(database.sqlite),
  );
  const searches: number[] = [];
  const lookups: number[] = [];
  // Warm up both paths once.
  for (const q of QUERIES) await search.search(reader, searchWords(q), NOW);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const q of QUERIES) {
      searches.push(await time(() => search.search(reader, searchWords(q), NOW)));
      const slug = `post-${(round * 97 + q.length * 13) % POSTS}`;
      lookups.push(
        await time(() =>
          database.db.selectFrom('content_posts').selectAll().where('slug', '=', slug).execute(),
        ),
      );
    }
  }
  const hits = await search.search(reader, searchWords('regist'), NOW);
  const result = {
    store: name,
    queries: searches.length,
    search: { p50Ms: round(percentile(searches, 50)), p95Ms: round(percentile(searches, 95)) },
    plainIndexedLookup: {
      p50Ms: round(percentile(lookups, 50)),
      p95Ms: round(percentile(lookups, 95)),
    },
    p95RatioToLookup: round(percentile(searches, 95) / percentile(lookups, 95)),
    sample: { query: 'regist', posts: hits.posts.length, tasks: hits.tasks.length },
    targetP95AtMost30ms: percentile(searches, 95) <= TARGET_P95_MS,
  };
  console.log(JSON.stringify(result));
  return result;
}

type RepositoryResult = Awaited<ReturnType<typeof measure>>;

async function main() {
  const results: RepositoryResult[] = [];
  if (process.env.BENCH_SEARCH_REPOSITORY !== '0') await repositoryRuns(results);
  const loaded = process.env.BENCH_SEARCH_LOAD === '0' ? null : await underLoad();
  if (loaded) console.log(JSON.stringify({ underLoad: loaded }));
  const report = {
    measuredAt: new Date().toISOString(),
    setup: {
      posts: POSTS,
      tasks: TASKS,
      queries: QUERIES,
      rounds: ROUNDS,
      baseline: 'a post by its unique slug (a plain indexed lookup), same store, same run',
      target: `p95 ≤ ${TARGET_P95_MS} ms per query`,
    },
    results,
    ...(loaded ? { underLoad: loaded } : {}),
  };
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/search.json', `${JSON.stringify(report, null, 2)}\n`);
  if (results.some((r) => !r.targetP95AtMost30ms) || (loaded && !loaded.targetMet)) {
    process.exitCode = 1;
  }
}

async function repositoryRuns(results: RepositoryResult[]) {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-search-bench-'));
  const sqlite = await openDatabase({ dataDir: dir });
  try {
    results.push(await measure('SQLite (FTS5)', sqlite));
  } finally {
    await sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const url = process.env.DATABASE_URL;
  if (url) {
    const schema = `bench_search_${randomBytes(4).toString('hex')}`;
    const postgres = await openDatabase({ url, schema });
    try {
      results.push(await measure('PostgreSQL (tsvector, GIN)', postgres));
    } finally {
      await postgres.close();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    }
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
