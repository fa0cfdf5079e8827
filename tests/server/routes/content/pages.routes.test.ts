import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageSchema } from '../../../../contract/content.schema.js';
import { errorSchema } from '../../../../contract/error.schema.js';
import { buildApp } from '../../../../server/app.js';
import { MemoryCacheStore } from '../../../../server/cache/memory-store.js';
import { loadConfig } from '../../../../server/config.js';
import { openDatabase } from '../../../../server/db/database.js';
import { configuredSeed } from '../../../../server/store-seed.js';
import { pageCacheKey } from '../../../../server/content/source.js';
import { createTestApp, signIn } from '../../helpers/app.js';
import { adminAs } from '../admin/admin-client.js';
import { createPost } from '../admin/post-input.js';
import { getAs } from './helpers.js';

let app: FastifyInstance;
let now = new Date();
beforeAll(async () => {
  app = await createTestApp({ clock: () => now });
});
afterAll(async () => app.close());

const pageAs = async (persona: Parameters<typeof getAs>[1], url: string) => {
  const answer = await getAs(app, persona, url);
  expect(answer.statusCode).toBe(200);
  return pageSchema.parse(answer.json());
};

describe('GET /api/pages', () => {
  it('answers the page with a slug, its posts in order, never cached by the browser', async () => {
    const answer = await getAs(app, 'student', '/api/pages?slug=resources');
    expect(answer.headers['cache-control']).toBe('no-store');
    const page = pageSchema.parse(answer.json());
    expect(page).toMatchObject({ path: '/resources', slug: 'resources', preview: false });
    expect(page.posts.slice(0, 2).map((p) => p.slug)).toEqual(['card-advising', 'card-tutoring']);
  });

  it('answers the page at a path; "/" is the dashboard', async () => {
    expect((await pageAs('student', '/api/pages?path=/')).slug).toBe('dashboard');
    expect((await pageAs('student', '/api/pages?path=/whats-new')).slug).toBe('whats-new');
  });

  it('filters the page for each role even when the page comes from the shared cache', async () => {
    const staff = await pageAs('staff', '/api/pages?path=/');
    const student = await pageAs('student', '/api/pages?path=/');
    const faculty = await pageAs('faculty', '/api/pages?path=/');
    expect(staff.posts.map((p) => p.slug)).toContain('open-enrollment-benefits');
    expect(student.posts.map((p) => p.slug)).not.toContain('open-enrollment-benefits');
    expect(student.posts.map((p) => p.slug)).toContain('financial-dashboard');
    expect(faculty.posts.map((p) => p.slug)).toContain('faculty-resources');
    expect(faculty.posts.map((p) => p.slug)).not.toContain('staff-resources');
  });

  it('a future post is left out of the page until it opens', async () => {
    const before = await pageAs('student', '/api/pages?slug=dashboard');
    expect(before.posts.map((p) => p.slug)).not.toContain('spring-registration-opens');
    now = new Date(Date.now() + 15 * 86_400_000);
    try {
      const after = await pageAs('student', '/api/pages?slug=dashboard');
      expect(after.posts.map((p) => p.slug)).toContain('spring-registration-opens');
    } finally {
      now = new Date();
    }
  });

  it('answers 404 JSON for a path with no page, and for an unpublished page', async () => {
    for (const url of ['/api/pages?path=/no-such-page', '/api/pages?slug=orientation']) {
      const answer = await getAs(app, 'staff', url);
      expect(answer.statusCode).toBe(404);
      expect(errorSchema.parse(answer.json()).detail).toBeTruthy();
    }
  });

  it('staff with published=all see unpublished pages and future posts, marked as a preview', async () => {
    const draft = await pageAs('staff', '/api/pages?slug=orientation&published=all');
    expect(draft).toMatchObject({ published: false, preview: true });
    const dashboard = await pageAs('staff', '/api/pages?path=/&published=all');
    expect(dashboard.posts.map((p) => p.slug)).toContain('spring-registration-opens');
  });

  it.each(['student', 'faculty', 'advisor', 'emeritus', 'student-worker'] as const)(
    'published=all is staff only: the %s persona gets 403 JSON',
    async (persona) => {
      const answer = await getAs(app, persona, '/api/pages?path=/&published=all');
      expect(answer.statusCode).toBe(403);
      expect(errorSchema.parse(answer.json()).detail).toBeTruthy();
    },
  );

  it.each([
    ['no query', ''],
    ['both slug and path', '?slug=resources&path=/resources'],
    ['a path without its slash', '?path=resources'],
    ['a path climbing out', '?path=/../etc'],
    ['an unknown key', '?slug=resources&lang=en'],
    ['published other than all', '?slug=resources&published=true'],
  ])('answers 400 JSON {detail} to %s', async (_name, query) => {
    const answer = await getAs(app, 'student', `/api/pages${query}`);
    expect(answer.statusCode).toBe(400);
    expect(errorSchema.parse(answer.json()).detail).toBeTruthy();
  });

  it('serves the demo set while demo mode is on', async () => {
    const { token } = await signIn(app, 'student');
    const answer = await app.inject({
      url: '/api/pages?path=/',
      headers: { authorization: `Token ${token}`, cookie: 'portal_demo=1' },
    });
    expect(pageSchema.parse(answer.json()).posts[0]?.slug).toBe('demo-welcome');
  });
});

describe('GET /api/pages?preview_role= (staff see a page as another role sees it)', () => {
  const titles = (page: { posts: Array<{ title: string }> }) => page.posts.map((p) => p.title);
  beforeAll(async () => {
    const staff = await adminAs(app, 'staff');
    const made = await staff.json('POST', '/admin/pages', {
      path: '/preview-roles',
      slug: 'preview-roles',
      published: true,
    });
    let page = made.json<{ id: number; version: number }>();
    for (const [title, category, publishing] of [
      ['Promo for faculty', 'faculty', 'now'],
      ['Promo for students', 'student', 'now'],
      ['Promo for staff', 'staff', 'now'],
      ['Promo for everyone', null, 'now'],
      ['Draft for everyone', null, 'draft'],
    ] as const) {
      const post = await createPost(staff, { post_type: 'promo', title, category, publishing });
      const added = await staff.json('POST', `/admin/pages/${page.id}/posts`, {
        post_id: post.id,
        action: 'add',
        version: page.version,
      });
      page = added.json();
    }
  });

  it('staff asking for faculty get the posts faculty see (§6): the faculty promo, not the student or staff one', async () => {
    const own = await pageAs('staff', '/api/pages?path=/preview-roles');
    expect(titles(own)).toEqual(['Promo for staff', 'Promo for everyone']);
    const faculty = await pageAs('staff', '/api/pages?path=/preview-roles&preview_role=faculty');
    expect(titles(faculty)).toEqual(['Promo for faculty', 'Promo for everyone']);
    expect(faculty).toMatchObject({
      preview: false,
      preview_as: { role: 'faculty', financial_dashboard_access: false },
    });
    const student = await pageAs('staff', '/api/pages?path=/preview-roles&preview_role=student');
    expect(titles(student)).toEqual(['Promo for students', 'Promo for everyone']);
    expect(own.preview_as).toBeNull();
  });

  it('financial dashboard posts show only when the preview has financial access', async () => {
    const slugs = async (query: string) =>
      (await pageAs('staff', `/api/pages?path=/${query}`)).posts.map((p) => p.slug);
    expect(await slugs('&preview_role=student')).not.toContain('financial-dashboard');
    expect(await slugs('&preview_role=student&preview_financial=1')).toContain(
      'financial-dashboard',
    );
  });

  it('a role preview shows what is published now; with published=all, drafts and posts not open yet too', async () => {
    const drafts = await pageAs(
      'staff',
      '/api/pages?path=/preview-roles&preview_role=faculty&published=all',
    );
    expect(titles(drafts)).toEqual([
      'Promo for faculty',
      'Promo for everyone',
      'Draft for everyone',
    ]);
    expect(drafts).toMatchObject({ preview: true, preview_as: { role: 'faculty' } });
    const slugs = async (query: string) =>
      (await pageAs('staff', `/api/pages?path=/${query}`)).posts.map((p) => p.slug);
    expect(await slugs('&preview_role=student')).not.toContain('spring-registration-opens');
    expect(await slugs('&preview_role=student&published=all')).toContain(
      'spring-registration-opens',
    );
    const unpublished = await getAs(
      app,
      'staff',
      '/api/pages?slug=orientation&preview_role=student',
    );
    expect(unpublished.statusCode).toBe(404);
  });

  it.each(['student', 'faculty', 'advisor'] as const)(
    'preview_role is staff only: the %s persona gets 403 JSON',
    async (persona) => {
      const answer = await getAs(
        app,
        persona,
        '/api/pages?path=/preview-roles&preview_role=faculty',
      );
      expect(answer.statusCode).toBe(403);
      expect(errorSchema.parse(answer.json()).detail).toMatch(/Only staff/);
    },
  );

  it.each([
    ['a role that does not exist', '&preview_role=dean'],
    ['financial access without a role', '&preview_financial=1'],
    ['financial access other than 1', '&preview_role=student&preview_financial=yes'],
  ])('answers 400 JSON to %s', async (_name, query) => {
    const answer = await getAs(app, 'staff', `/api/pages?path=/${query}`);
    expect(answer.statusCode).toBe(400);
  });
});

describe('the page cache (portal.md §9: page by path, 15 minutes)', () => {
  it('keeps a page by path for 15 minutes with every role’s posts, and never a preview', async () => {
    const store = new MemoryCacheStore();
    let at = new Date();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      CLIENT_DIR: '/nonexistent',
    });
    const cached = await buildApp({
      config,
      database: await openDatabase({ sqliteFile: ':memory:', seed: configuredSeed(config, at) }),
      logger: false,
      clock: () => at,
      cacheStore: store,
    });
    try {
      await getAs(cached, 'student', '/api/pages?path=/resources');
      const entry = await store.get(pageCacheKey('/resources'));
      expect(entry?.freshUntil).toBe(at.getTime() + 15 * 60_000);
      // The cached copy holds every role's posts; each answer is filtered after reading it.
      expect(JSON.stringify(entry?.value)).toContain('staff-resources');
      await getAs(cached, 'staff', '/api/pages?path=/orientation&published=all');
      expect(await store.get(pageCacheKey('/orientation'))).toBeUndefined();
      await getAs(cached, 'staff', '/api/pages?path=/whats-new&preview_role=faculty');
      expect(await store.get(pageCacheKey('/whats-new'))).toBeUndefined();
      at = new Date(at.getTime() + 16 * 60_000);
      await getAs(cached, 'student', '/api/pages?path=/resources');
      expect((await store.get(pageCacheKey('/resources')))?.freshUntil).toBe(
        at.getTime() + 15 * 60_000,
      );
    } finally {
      await cached.close();
    }
  });
});
