import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.js';
import { dashboardPosts } from '../../../server/content/sample-dashboard.js';
import { pagePosts, samplePages } from '../../../server/content/sample-pages.js';
import { openDatabase, underStartLock } from '../../../server/db/database.js';
import type { Database, DatabaseOptions } from '../../../server/db/database.js';
import { demoMessages } from '../../../server/demo/demo-messages.js';
import { sampleMessages } from '../../../server/messages/sample-messages.js';
import { sampleTasks } from '../../../server/next-steps/sample-data.js';
import { configuredSeed, seedLines } from '../../../server/store-seed.js';
import type { SeedReport } from '../../../server/store-seed.js';
import { createTestApp, signIn } from '../helpers/app.js';

/**
 * Issue 71: the first start on an empty store always starts. The seed is the store's own last start
 * step, under the migrator's lock, not a plugin's work inside Fastify's time limit. Runs on SQLite (a
 * file, as a deployment's), or with TEST_STORE=postgres and DATABASE_URL on one PostgreSQL schema.
 */
const url = process.env.TEST_STORE === 'postgres' ? process.env.DATABASE_URL : undefined;
const storeName = url ? 'PostgreSQL' : 'SQLite';
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CLIENT_DIR: '/nonexistent' });
const now = new Date('2026-11-27T12:00:00.000Z');

const dirs: string[] = [];
const schemas: string[] = [];
afterAll(async () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  if (!url || schemas.length === 0) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
});

/** Where one empty store is: a new PostgreSQL schema, or a new SQLite file. */
function emptyStore(): DatabaseOptions {
  if (url) {
    const schema = `first_start_${randomBytes(6).toString('hex')}`;
    schemas.push(schema);
    return { url, schema };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'first-start-'));
  dirs.push(dir);
  return { dataDir: dir, sqliteFile: 'portal.sqlite' };
}

/** What the store holds of the samples: every count the seed should make once. */
async function held(database: Database) {
  const { db } = database;
  const count = async (table: 'content_posts' | 'content_pages' | 'ns_tasks') =>
    Number(
      (await db.selectFrom(table).select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n,
    );
  const slugs = await db.selectFrom('content_posts').select('slug').execute();
  const keys = await db.selectFrom('messages').select('seed_key').execute();
  return {
    posts: await count('content_posts'),
    distinctSlugs: new Set(slugs.map((r) => r.slug)).size,
    pages: await count('content_pages'),
    tasks: await count('ns_tasks'),
    seededMessages: keys.filter((r) => r.seed_key !== null).length,
  };
}

const once = {
  posts: dashboardPosts.length + pagePosts.length,
  distinctSlugs: dashboardPosts.length + pagePosts.length,
  pages: samplePages([]).length,
  tasks: sampleTasks.length,
  seededMessages: sampleMessages(now).length + demoMessages(now).length,
};

/** A thread that keeps one core busy, as the loaded machine of the failing starts did. */
function cpuLoad(): Worker {
  return new Worker('for (;;) {}', { eval: true });
}

describe(`the first start on an empty store (${storeName})`, () => {
  it('ten pairs of starts at once on one empty store, under a CPU load: each pair both start, and the samples are there exactly once', async () => {
    const load = cpuLoad();
    try {
      for (let pair = 0; pair < 10; pair += 1) {
        const where = emptyStore();
        const reports: SeedReport[] = [];
        const start = () =>
          openDatabase({ ...where, seed: configuredSeed(config, now, (r) => reports.push(r)) });
        const [first, second] = await Promise.all([start(), start()]);
        try {
          expect(await held(first)).toEqual(once);
          expect(await held(second)).toEqual(once);
          // One start seeded; the other, after it under the lock, found it done and added nothing.
          expect(reports.filter((r) => r.content)).toHaveLength(1);
          expect(reports.filter((r) => r.nextSteps)).toHaveLength(1);
          expect(reports.map((r) => r.sampleMessages).sort()).toEqual([
            0,
            sampleMessages(now).length,
          ]);
        } finally {
          await Promise.all([first.close(), second.close()]);
        }
      }
    } finally {
      await load.terminate();
    }
  }, 300_000);

  it('two apps built at once on one empty store both start and serve the sample page', async () => {
    const where = emptyStore();
    const start = () => openDatabase({ ...where, seed: configuredSeed(config, now) });
    const [a, b] = await Promise.all([start(), start()]);
    const apps = await Promise.all([
      createTestApp({ database: a }),
      createTestApp({ database: b }),
    ]);
    try {
      for (const app of apps) {
        const { token } = await signIn(app, 'student');
        const page = await app.inject({
          url: '/api/pages?path=/resources',
          headers: { authorization: `Token ${token}` },
        });
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain('"path":"/resources"');
      }
      expect(await held(a)).toEqual(once);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
  }, 120_000);

  it('a seed run again on a seeded store inserts nothing', async () => {
    const where = emptyStore();
    const reports: SeedReport[] = [];
    const database = await openDatabase({
      ...where,
      seed: configuredSeed(config, now, (r) => reports.push(r)),
    });
    try {
      const before = await held(database);
      await underStartLock(
        database,
        configuredSeed(config, now, (r) => reports.push(r)),
        where.schema,
      );
      expect(reports[0]).toMatchObject({ content: true, nextSteps: true });
      expect(reports[1]).toEqual({
        content: false,
        nextSteps: false,
        sampleMessages: 0,
        demoMessages: 0,
      });
      expect(seedLines(reports[1] as SeedReport)).toEqual([]);
      expect(await held(database)).toEqual(before);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('with SEED_SAMPLES=0 only demo mode’s messages go in, and no line says the samples were seeded', async () => {
    const off = loadConfig({ NODE_ENV: 'test', SEED_SAMPLES: '0', CLIENT_DIR: '/nonexistent' });
    const reports: SeedReport[] = [];
    const database = await openDatabase({
      ...emptyStore(),
      seed: configuredSeed(off, now, (r) => reports.push(r)),
    });
    try {
      const report = reports[0] as SeedReport;
      expect(report).toEqual({
        content: false,
        nextSteps: false,
        sampleMessages: 0,
        demoMessages: demoMessages(now).length,
      });
      expect(seedLines(report).map((line) => line.msg)).toEqual(['seeded the demo messages']);
      expect(await held(database)).toMatchObject({ posts: 0, pages: 0, tasks: 0 });
    } finally {
      await database.close();
    }
  }, 60_000);
});
