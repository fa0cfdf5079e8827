import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminErrorSchema } from '../../../../contract/admin/admin.schema.js';
import type { AdminPostInput } from '../../../../contract/admin/content.schema.js';
import { pageSchema } from '../../../../contract/content.schema.js';
import { createTestApp, signIn } from '../../helpers/app.js';
import { adminAs } from './admin-client.js';
import { createPost, post } from './post-input.js';

let app: FastifyInstance;
let staff: Awaited<ReturnType<typeof adminAs>>;
beforeAll(async () => {
  app = await createTestApp();
  staff = await adminAs(app, 'staff');
});
afterAll(async () => app.close());
const created = (over: Partial<AdminPostInput> = {}) => createPost(staff, over);

describe('content pages in the admin', () => {
  it('a page holds posts in an order staff change by Up and Down; each change is audited', async () => {
    const made = await staff.json('POST', '/admin/pages', {
      path: '/faculty-corner',
      slug: 'faculty-corner',
      published: true,
    });
    expect(made.statusCode).toBe(201);
    let page = made.json<{ id: number; version: number; posts: Array<{ id: number }> }>();
    const a = await created({ title: 'A' });
    const b = await created({ title: 'B' });
    for (const id of [a.id, b.id]) {
      const added = await staff.json('POST', `/admin/pages/${page.id}/posts`, {
        post_id: id,
        action: 'add',
        version: page.version,
      });
      page = added.json();
    }
    expect(page.posts.map((p) => p.id)).toEqual([a.id, b.id]);
    const moved = await staff.form(`/admin/pages/${page.id}/posts`, [
      ['post_id', String(b.id)],
      ['action', 'up'],
      ['version', String(page.version)],
    ]);
    expect(moved.statusCode).toBe(303);
    const stale = await staff.json('POST', `/admin/pages/${page.id}/posts`, {
      post_id: a.id,
      action: 'down',
      version: page.version,
    });
    expect(stale.statusCode).toBe(409);
    const editor = await staff.get(`/admin/pages/${page.id}`);
    expect(editor.body.indexOf('>B</a>')).toBeLessThan(editor.body.indexOf('>A</a>'));
    expect(editor.body).toContain('aria-label="Move “B” up" disabled');
    const [entry] = await app.repositories.audit.search({ kind: 'page', limit: 1 });
    expect(entry).toMatchObject({
      action: 'admin.page.posts.up',
      changes: { posts: { before: [a.id, b.id], after: [b.id, a.id] } },
    });
  });

  it('a change reaches readers of a cached page on their next load', async () => {
    const made = await staff.json('POST', '/admin/pages', {
      path: '/cached',
      slug: 'cached',
      published: true,
    });
    const page = made.json<{ id: number; version: number }>();
    const { token } = await signIn(app, 'faculty');
    const read = async () => {
      const answer = await app.inject({
        url: '/api/pages?path=/cached',
        headers: { authorization: `Token ${token}` },
      });
      return pageSchema.parse(answer.json()).posts.map((p) => p.title);
    };
    expect(await read()).toEqual([]);
    const fresh = await created({ title: 'Fresh news' });
    await staff.json('POST', `/admin/pages/${page.id}/posts`, {
      post_id: fresh.id,
      action: 'add',
      version: page.version,
    });
    expect(await read()).toEqual(['Fresh news']);
    await staff.json('PUT', `/admin/posts/${fresh.id}`, {
      ...post({ slug: fresh.slug, title: 'Fresher news' }),
      version: fresh.version,
    });
    expect(await read()).toEqual(['Fresher news']);
  });

  it('the preview links open the portal page itself as each role sees it, now or with its drafts', async () => {
    const made = await staff.json('POST', '/admin/pages', {
      path: '/preview-me',
      slug: 'preview-me',
      published: true,
    });
    const page = made.json<{ id: number; version: number }>();
    for (const url of [`/admin/pages/${page.id}/preview`, `/admin/pages/${page.id}`]) {
      const body = (await staff.get(url)).body;
      expect(body).toContain('<a href="/preview-me?preview_role=faculty">Open as faculty</a>');
      expect(body).toContain(
        '<a href="/preview-me?published=all&amp;preview_role=faculty">Open as faculty, drafts included</a>',
      );
      expect(body).toContain(
        '<a href="/preview-me?preview_role=student&amp;preview_financial=1">Open as a student with financial dashboard access</a>',
      );
    }
    await staff.json('PUT', `/admin/pages/${page.id}`, {
      path: '/preview-me',
      slug: 'preview-me',
      published: false,
      version: page.version,
    });
    const hidden = (await staff.get(`/admin/pages/${page.id}/preview`)).body;
    expect(hidden).toContain('Not published: they see “Page not found”');
    expect(hidden).not.toContain('href="/preview-me?preview_role=faculty"');
    expect(hidden).toContain('href="/preview-me?published=all&amp;preview_role=faculty"');
  });

  it('a stale edit of a page is refused with 409 and the form comes back with what was typed', async () => {
    const made = await staff.json('POST', '/admin/pages', {
      path: '/stale-page',
      slug: 'stale-page',
      published: true,
    });
    const page = made.json<{ id: number; version: number }>();
    const first = await staff.json('PUT', `/admin/pages/${page.id}`, {
      path: '/stale-page',
      slug: 'stale-page',
      published: false,
      version: page.version,
    });
    expect(first.statusCode).toBe(200);
    const stale = await staff.form(`/admin/pages/${page.id}`, [
      ['path', '/typed-meanwhile'],
      ['slug', 'typed-meanwhile'],
      ['published', 'on'],
      ['version', String(page.version)],
    ]);
    expect(stale.statusCode).toBe(409);
    expect(stale.body).toContain('Someone else changed this while you were editing.');
    expect(stale.body).toContain(`<a href="/admin/pages/${page.id}">Open the current version</a>`);
    expect(stale.body).toContain('value="/typed-meanwhile"');
    expect(stale.body).toContain('value="typed-meanwhile"');
    expect((await staff.get(`/admin/pages/${page.id}`)).body).not.toContain('typed-meanwhile');
  });

  it('a path already used is refused', async () => {
    const response = await staff.json('POST', '/admin/pages', {
      path: '/',
      slug: 'another',
      published: true,
    });
    expect(response.statusCode).toBe(400);
    expect(adminErrorSchema.parse(response.json()).fields?.path).toBeDefined();
  });

  it.each(['student', 'faculty'] as const)(
    'the %s persona gets 403 on content',
    async (persona) => {
      const other = await adminAs(app, persona);
      for (const url of [
        '/admin/posts',
        '/admin/posts/new',
        '/admin/pages',
        '/admin/pages/1/preview',
      ])
        expect((await other.get(url)).statusCode).toBe(403);
      expect((await other.json('POST', '/admin/posts', post())).statusCode).toBe(403);
      expect(
        (await other.json('POST', '/admin/pages/1/posts', { post_id: 1, action: 'up', version: 1 }))
          .statusCode,
      ).toBe(403);
    },
  );
});
