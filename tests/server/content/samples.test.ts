import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeSamples, sampleLines, sampleRows } from '../../../server/content/samples.js';
import { createTestApp } from '../helpers/app.js';

describe('npm run samples -- list|remove (issue 62): exactly what the sample seed created', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await createTestApp();
  });
  afterEach(async () => app.close());

  it('lists the seeded pages, posts, Next Steps tasks and messages', async () => {
    const rows = await sampleRows(app.repositories.samples);
    const kinds = new Set(rows.map((r) => r.kind));
    expect(kinds).toEqual(new Set(['page', 'post', 'task', 'message']));
    expect(rows).toContainEqual(expect.objectContaining({ kind: 'page', name: '/' }));
    expect(rows).toContainEqual(
      expect.objectContaining({ kind: 'post', name: 'winter-term-welcome' }),
    );
    expect(rows).toContainEqual(
      expect.objectContaining({ kind: 'task', name: 'Submit your FAFSA' }),
    );
  });

  it('removes them all but what staff made or edited, and prints what it removed', async () => {
    const { db } = app.database;
    // Staff's own post (written in the admin: Markdown), and edits of a sample post, page and task,
    // as the admin's saves leave them (version bumped).
    await db
      .insertInto('content_posts')
      .values({
        post_type: 'card',
        title: 'Library hours',
        slug: 'library-hours',
        body: '<p>Open late.</p>',
        body_markdown: 'Open late.',
        category: null,
        image: null,
        thumbnail_image: null,
        medium_image: null,
        large_image: null,
        action_link: null,
        link_text: null,
        hide_text: 0,
        publishing_opens_on: null,
      })
      .execute();
    await db
      .updateTable('content_posts')
      .set({ version: 2, body_markdown: 'Welcome back, edited.' })
      .where('slug', '=', 'winter-term-welcome')
      .execute();
    await db.updateTable('content_pages').set({ version: 2 }).where('path', '=', '/').execute();
    await db
      .updateTable('ns_tasks')
      .set({ version: 2, description: 'Our own words.' })
      .where('title', '=', 'Submit your FAFSA')
      .execute();
    const before = await sampleRows(app.repositories.samples);
    const removed = await removeSamples(app.repositories.samples);
    expect(removed).toEqual(before);
    const names = removed.map((r) => `${r.kind} ${r.name}`);
    expect(names).not.toContain('post winter-term-welcome');
    expect(names).not.toContain('page /');
    expect(names).not.toContain('task Submit your FAFSA');
    expect(names).toContain('page /resources');
    expect(await sampleRows(app.repositories.samples)).toEqual([]);
    const kept = await db.selectFrom('content_posts').select('slug').orderBy('slug').execute();
    expect(kept.map((p) => p.slug)).toEqual(['library-hours', 'winter-term-welcome']);
    const page = await db.selectFrom('content_pages').select('path').execute();
    expect(page.map((p) => p.path)).toEqual(['/']);
    const tasks = await db.selectFrom('ns_tasks').select('title').execute();
    expect(tasks.map((t) => t.title)).toEqual(['Submit your FAFSA']);
    const messages = await db
      .selectFrom('messages')
      .select('seed_key')
      .where('seed_key', 'like', 'sample:%')
      .execute();
    expect(messages).toEqual([]);
    const lines = sampleLines(removed, 'removed');
    expect(lines.at(-1)).toBe(`Removed ${removed.length} rows.`);
    expect(lines).toContain(
      `  page     #${removed.find((r) => r.name === '/resources')?.id} /resources`,
    );
    expect(sampleLines(await removeSamples(app.repositories.samples), 'removed')).toEqual([
      'Nothing removed: no sample content left.',
    ]);
  });
});

describe('the command', () => {
  it('runs on the configured store and prints what it found', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-samples-'));
    const run = (command: string) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'server/samples-cli.ts', command], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
        timeout: 60_000,
      });
    const list = run('list');
    expect(list.stdout).toBe('No sample content.\n');
    expect(list.status).toBe(0);
    const wrong = run('purge');
    expect(wrong.stderr).toContain('Usage: npm run samples -- list');
    expect(wrong.status).toBe(1);
  }, 90_000);
});
