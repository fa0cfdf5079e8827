import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { preferencesSchema } from '../../../contract/preferences.schema.js';
import { searchAnswerSchema } from '../../../contract/search.schema.js';
import { userSchema } from '../../../contract/user.schema.js';
import { migrationsFor } from '../../../server/db/migrations/index.js';
import { endOfCampusDay } from '../../../server/time.js';
import { Jar, startProcess } from '../processes/portal-process.js';
import type { PortalProcess } from '../processes/portal-process.js';

/**
 * Stores made by commit 1bb7d2c (migrations 001–008 and 010, before drafts were marked) with
 * `fixtures/make-fixtures.mjs`: that commit's server seeded them, the sample student signed in and
 * turned e-mail contact off, and two posts were added as it stored them, one a draft (9999-12-31).
 */
const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const databaseUrl = process.env.DATABASE_URL;
if (process.env.CI === 'true' && !databaseUrl) {
  throw new Error('CI=true: the upgrade suite must also run on PostgreSQL; set DATABASE_URL.');
}

interface Found {
  migrations: string[];
  posts: { slug: string; draft: number; publishing_opens_on: string | null }[];
  signIns: number;
  /** Each person's chosen Next Steps notifications, and the id of "Messages from the university". */
  notifications: string[];
  messagesType: number | undefined;
  /** Every task's end and, for a date-only one, its day (migration 021). */
  ends: { ends_on: string; ends_on_day: string | null }[];
}

const postsQuery = `SELECT slug, draft, publishing_opens_on FROM content_posts
  WHERE slug LIKE 'upgrade-fixture-%' ORDER BY slug`;
const signInsQuery = `SELECT count(*) AS n FROM audit_log WHERE action = 'auth.signIn'`;
const notificationsQuery = 'SELECT notifications FROM ns_user_preferences ORDER BY id';
const endsQuery = 'SELECT ends_on, ends_on_day FROM ns_tasks WHERE ends_on IS NOT NULL';
const messagesTypeQuery = `SELECT id FROM ns_notification_types
  WHERE name = 'Messages from the university'`;

/** Today's server on the old store: it must start, and the student's saved preference must be there. */
async function checkServes(server: PortalProcess) {
  const jar = new Jar();
  const form = await fetch(`${server.base}/auth/login?next=%2F`);
  jar.take(form);
  const csrf = /name="csrf" value="([^"]+)"/.exec(await form.text())?.[1] ?? '';
  const signedIn = await fetch(`${server.base}/auth/demo-sign-in`, {
    method: 'POST',
    body: new URLSearchParams({ persona: 'student', next: '/', csrf }),
    redirect: 'manual',
    headers: { cookie: jar.header, origin: server.base },
  });
  expect(signedIn.status).toBe(303);
  jar.take(signedIn);
  const user = await fetch(`${server.base}/api/users/user`, { headers: { cookie: jar.header } });
  const token = userSchema.parse(await user.json()).auth_token;
  const prefs = await fetch(`${server.base}/api/preferences/user`, {
    headers: { authorization: `Token ${token}` },
  });
  expect(preferencesSchema.parse(await prefs.json()).contact_by_email).toBe(false);
  // Migrations 013 and 024 (the index built anew): search finds what the store held, drafts aside.
  const search = await fetch(`${server.base}/api/search?q=upgrade`, {
    headers: { authorization: `Token ${token}` },
  });
  const pages = searchAnswerSchema
    .parse(await search.json())
    .groups.find((g) => g.group === 'pages')
    ?.results.map((r) => r.title.map((s) => s.text).join(''));
  expect(pages).toContain('Published before the upgrade');
  expect(pages).not.toContain('Saved as a draft before drafts were marked');
  expect((await fetch(`${server.base}/readyz`)).status).toBe(200);
}

function expectUpgraded(found: Found, dialect: 'sqlite' | 'postgres') {
  expect(found.migrations.sort()).toEqual(Object.keys(migrationsFor(dialect)).sort());
  expect(found.posts.map((post) => [post.slug, Number(post.draft)])).toEqual([
    ['upgrade-fixture-draft', 1],
    ['upgrade-fixture-published', 0],
  ]);
  expect(found.posts[0]?.publishing_opens_on).toBeNull();
  expect(found.posts[1]?.publishing_opens_on).not.toBeNull();
  // The fixture's sign-in and today's.
  expect(found.signIns).toBeGreaterThanOrEqual(2);
  // Migration 019: the messages topic is a notification type, chosen for whoever had chosen some.
  expect(found.messagesType).toBeDefined();
  expect(found.notifications.length).toBeGreaterThan(0);
  for (const chosen of found.notifications) {
    expect(JSON.parse(chosen)).toContain(found.messagesType);
  }
  // Migration 021: the sample data's date-only ends (23:59 UTC) are marked with their day, and the
  // start put each at the end of that day on the campus clock.
  expect(found.ends.length).toBeGreaterThan(0);
  for (const end of found.ends) {
    expect(end.ends_on_day).not.toBeNull();
    expect(end.ends_on).toBe(
      endOfCampusDay(end.ends_on_day ?? '', 'America/Los_Angeles').toISOString(),
    );
  }
}

describe('upgrading a store made by an earlier release', { timeout: 120_000 }, () => {
  it('SQLite: today’s server starts on it, applies every migration, marks the old draft, keeps the data and chooses the messages topic for whoever chose notifications', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-upgrade-'));
    copyFileSync(path.join(FIXTURES, 'store-1bb7d2c.sqlite'), path.join(dataDir, 'portal.sqlite'));
    const server = await startProcess({ DATA_DIR: dataDir });
    try {
      await checkServes(server);
    } finally {
      await server.stop();
    }
    const db = new SqliteDatabase(path.join(dataDir, 'portal.sqlite'), { readonly: true });
    const found: Found = {
      migrations: db
        .prepare('SELECT name FROM kysely_migration')
        .pluck()
        .all()
        .map((name) => String(name)),
      posts: db.prepare(postsQuery).all() as Found['posts'],
      signIns: Number(db.prepare(signInsQuery).pluck().get()),
      notifications: db
        .prepare(notificationsQuery)
        .pluck()
        .all()
        .map((row) => String(row)),
      ends: db.prepare(endsQuery).all() as Found['ends'],
      messagesType: ((id) => (id === undefined ? undefined : Number(id)))(
        db.prepare(messagesTypeQuery).pluck().get(),
      ),
    };
    db.close();
    expectUpgraded(found, 'sqlite');
  });

  it.skipIf(!databaseUrl)(
    'PostgreSQL: today’s server starts on its dump, applies every migration, marks the old draft, keeps the data and chooses the messages topic for whoever chose notifications',
    async () => {
      const name = `portal_upgrade_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(databaseUrl ?? '');
      url.pathname = `/${name}`;
      try {
        const load = spawnSync(
          'psql',
          [
            '-q',
            '-v',
            'ON_ERROR_STOP=1',
            '-f',
            path.join(FIXTURES, 'store-1bb7d2c.sql'),
            url.toString(),
          ],
          { encoding: 'utf8' },
        );
        expect(load.stderr).toBe('');
        const server = await startProcess({ DATABASE_URL: url.toString() });
        try {
          await checkServes(server);
        } finally {
          await server.stop();
        }
        const client = new pg.Client({ connectionString: url.toString() });
        await client.connect();
        const migrations = await client.query<{ name: string }>(
          'SELECT name FROM kysely_migration',
        );
        const posts = await client.query<Found['posts'][number]>(postsQuery);
        const signIns = await client.query<{ n: string }>(signInsQuery);
        const notifications = await client.query<{ notifications: string }>(notificationsQuery);
        const messagesType = await client.query<{ id: number }>(messagesTypeQuery);
        const ends = await client.query<Found['ends'][number]>(endsQuery);
        await client.end();
        expectUpgraded(
          {
            migrations: migrations.rows.map((row) => row.name),
            posts: posts.rows,
            signIns: Number(signIns.rows[0]?.n),
            notifications: notifications.rows.map((row) => row.notifications),
            messagesType: messagesType.rows[0]?.id,
            ends: ends.rows,
          },
          'postgres',
        );
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    },
  );
});
