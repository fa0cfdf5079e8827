import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LIST_PAGE_SIZE } from '../../../../contract/admin/admin.schema.js';
import { findPersona } from '../../../../server/sis/personas.js';
import { storedCategories } from '../../../../server/delegates/rules.js';
import { repositoryStores } from '../../db/stores.js';
import { createTestApp } from '../../helpers/app.js';
import { adminAs } from './admin-client.js';
import { draftTask } from './task-input.js';

/**
 * Issue 87: the admin's lists (messages, posts, tasks, pages, family access, the outbox) a page at a
 * time, as the activity is: `ADMIN_LIST_PAGE_SIZE` a page, a keyset cursor in the next page's link
 * (no script), every item once, a bad cursor 400. Items share their sort values (one time, repeated
 * titles), so the walk also checks the ties are broken by id.
 */
const MORE = 2 * ADMIN_LIST_PAGE_SIZE + 7;
const at = new Date('2026-11-27T12:00:00.000Z');

/** The page's next-page link, unescaped; undefined on the last page. */
const nextOf = (body: string) =>
  /href="([^"]+)" rel="next">/.exec(body)?.[1]?.replace(/&amp;/g, '&');

describe.each(repositoryStores('admin_lists'))('the admin lists in pages on $name', ({ open }) => {
  let app: FastifyInstance;
  let staff: Awaited<ReturnType<typeof adminAs>>;

  beforeAll(async () => {
    app = await createTestApp({ database: await open(), clock: () => at });
    const r = app.repositories;
    const student = await r.users.upsertFromPersona(findPersona('student'), at);
    for (let i = 1; i <= MORE; i += 1) {
      const n = String(i).padStart(3, '0');
      // One sending time for all: the order's ties fall to the id.
      await r.messages.create({
        audience: 'everyone',
        title: `Bulk m${n}`,
        body: 'x',
        created_on: at,
      });
      // Titles repeat in threes: a page may end inside a run of equal titles.
      const title = `Bulk task ${String(Math.ceil(i / 3)).padStart(3, '0')}`;
      await r.adminTasks.create(draftTask({ title, description: `t${n}` }), 'UTC');
      await r.adminPages.create({ path: `/bulk-${n}`, slug: `bulk-${n}`, published: true });
      const delegate = await r.delegations.delegateFor(`d${n}@example.com`, `D ${n}`, 'en', at);
      await r.delegations.add(
        {
          student_id: student.id,
          delegate_id: delegate.id,
          categories: storedCategories(['finances']),
          purpose: `g${n}`,
          starts_at: at.toISOString(),
          ends_at: new Date(at.getTime() + 86_400_000).toISOString(),
        },
        at,
      );
      await app.notify.outbox.add(
        {
          jobId: null,
          recipient: `o${n}@example.com`,
          subject: `Bulk o${n}`,
          topic: 'x',
          headers: {},
          text: 'x',
          html: '<p>x</p>',
        },
        at,
      );
    }
    await r.grants.put(findPersona('staff').username, 'ferpa', null, at);
    staff = await adminAs(app, 'staff');
  }, 240_000);
  afterAll(async () => app.close());

  /** Follows the next-page links from `start`: each page's matches of `item`, and the page count. */
  async function walk(start: string, item: RegExp) {
    const seen: string[] = [];
    const sizes: number[] = [];
    let href: string | undefined = start;
    while (href) {
      const page = await staff.get(href);
      expect(page.statusCode, href).toBe(200);
      const found = [...page.body.matchAll(item)].map((m) => m[1] ?? '');
      sizes.push(found.length);
      seen.push(...found);
      href = nextOf(page.body);
      if (sizes.length > 1) expect(page.body).toMatch(/<nav class="pages"/);
    }
    return { seen, sizes };
  }

  const all = (prefix: string) =>
    Array.from({ length: MORE }, (_, i) => `${prefix}${String(i + 1).padStart(3, '0')}`);
  const full = [ADMIN_LIST_PAGE_SIZE, ADMIN_LIST_PAGE_SIZE, 7];

  it.each([
    ['/admin/messages', /“Bulk (m\d{3})”/g, 'm', 'newest first'],
    ['/admin/outbox', />Bulk (o\d{3})</g, 'o', 'newest first'],
  ])('%s: the next-page links walk every item once, %s', async (list, item, prefix) => {
    const { seen, sizes } = await walk(list, item);
    expect(sizes).toEqual(full);
    expect(seen).toEqual(all(prefix).reverse());
  });

  it('/admin/consents: the grants newest first, every one once', async () => {
    const { seen, sizes } = await walk('/admin/consents', /D (\d{3}) &lt;/g);
    expect(sizes).toEqual(full);
    expect(seen).toEqual(all('').reverse());
  });

  it('/admin/pages: by path, every page once', async () => {
    const { seen, sizes } = await walk('/admin/pages', /(\/bulk-\d{3})</g);
    // The sample pages (/dashboard, …) share the pages with the bulk ones.
    expect(sizes).toHaveLength(3);
    expect(seen).toEqual(all('/bulk-'));
  });

  it('/admin/tasks: by title, equal titles across a page break each once, the search kept', async () => {
    const { seen } = await walk('/admin/tasks?q=bulk', />(Bulk task \d{3})</g);
    expect(seen).toHaveLength(MORE);
    expect(seen).toEqual([...seen].sort());
    const ids = (await walk('/admin/tasks?q=bulk', /href="\/admin\/tasks\/(\d+)"/g)).seen;
    expect(new Set(ids).size).toBe(MORE);
    expect(ids).toHaveLength(MORE);
    const first = await staff.get('/admin/tasks?q=bulk');
    expect(nextOf(first.body)).toMatch(/^\/admin\/tasks\?q=bulk&after=\d+$/);
  });

  it('/admin/posts: a search walks every match once', async () => {
    const r = app.repositories.adminPosts;
    for (let i = 1; i <= ADMIN_LIST_PAGE_SIZE + 3; i += 1) {
      const slug = `bulkpost-${String(i).padStart(3, '0')}`;
      await r.create({
        post_type: 'promo',
        title: 'Bulk post',
        slug,
        title_es: null,
        body_es: null,
        link_text_es: null,
        translations: '{}',
        body_markdown: 'x',
        body: '<p>x</p>',
        category: null,
        action_link: null,
        link_text: null,
        hide_text: false,
        publishing: 'now',
        publishing_opens_on: null,
        links: [],
      });
    }
    const { seen, sizes } = await walk('/admin/posts?q=bulkpost', /\/admin\/posts\/(\d+)"/g);
    expect(sizes).toEqual([ADMIN_LIST_PAGE_SIZE, 3]);
    expect(new Set(seen).size).toBe(ADMIN_LIST_PAGE_SIZE + 3);
  });

  it('a later page links back to the first, and a page past the end says so', async () => {
    const second = nextOf((await staff.get('/admin/messages')).body) ?? '';
    const page = await staff.get(second);
    expect(page.body).toContain('href="/admin/messages">Newest messages</a>');
    let last = '';
    for (let href: string | undefined = '/admin/messages'; href;) {
      const body = (await staff.get(href)).body;
      last = [...body.matchAll(/\/admin\/messages\/(\d+)\/retract/g)].at(-1)?.[1] ?? '';
      href = nextOf(body);
    }
    const past = await staff.get(`/admin/messages?before=${last}`);
    expect(past.statusCode).toBe(200);
    expect(past.body).toContain('No older message.');
  });

  it.each([
    '/admin/messages?before=abc',
    '/admin/outbox?before=0',
    '/admin/consents?before=-1',
    '/admin/pages?after=2.5',
    '/admin/tasks?after=99999999999',
    '/admin/posts?after=MjA=',
  ])('refuses a bad cursor with 400, never a 5xx: %s', async (url) => {
    const answer = await staff.get(url);
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toMatch(/Not a place in/);
  });
});
