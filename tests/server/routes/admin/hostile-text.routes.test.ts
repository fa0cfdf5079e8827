import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.js';
import { adminAs } from './admin-client.js';
import { createPost } from './post-input.js';
import { draftTask } from './task-input.js';

/** Markup in every shape a field can carry it: an element, a broken-out attribute, an entity. */
const TEXT = `<script>alert(1)</script>"'><img src=x onerror=alert(2)><b>b</b>&amp;`;
/** The same for fields that refuse spaces and slashes (usernames): still markup if unescaped. */
const NAME = `"'><b>bold<i>it<u>under&amp;`;
const HOSTILE_ELEMENTS = 'script, b, i, u, img[src="x"]';

let app: FastifyInstance;
let staff: Awaited<ReturnType<typeof adminAs>>;
beforeAll(async () => {
  app = await createTestApp();
  await app.repositories.grants.put('mchen', 'superuser', null, new Date());
  staff = await adminAs(app, 'staff');
});
afterAll(async () => app.close());

/** Every text and attribute value of a page as a browser parses it. */
function parse(html: string) {
  const { document } = new JSDOM(html).window;
  if (!document) throw new Error('jsdom gave no document');
  const elements = [...document.querySelectorAll('*')];
  const values = elements.flatMap((e) => [...e.attributes].map((a) => a.value));
  return {
    hostile: [...document.querySelectorAll(HOSTILE_ELEMENTS)].map((e) => e.outerHTML),
    handlers: elements.flatMap((e) =>
      [...e.attributes].filter((a) => a.name.startsWith('on')).map((a) => a.name),
    ),
    strings: [document.body.textContent, ...values, document.title],
    textareas: [...document.querySelectorAll('textarea')].map((t) => t.value),
  };
}

/** The page holds `payload` as text or as a value, and nothing of it became markup. */
function expectInert(html: string, payload: string) {
  const page = parse(html);
  expect(page.hostile).toEqual([]);
  expect(page.handlers).toEqual([]);
  expect(html).not.toMatch(/<script|<img src=x|<b>|<i>|<u>/);
  expect([...page.strings, ...page.textareas].some((s) => s?.includes(payload))).toBe(true);
}

describe('a hostile string in any admin text field renders as text, never as markup', () => {
  it('posts: the list, the search, the editor, the link order and the delete confirmation', async () => {
    const post = await createPost(staff, {
      title: TEXT,
      body_markdown: TEXT,
      link_text: TEXT,
      links: [
        { url: 'https://a.example.edu', link_text: TEXT, description: TEXT, icon_class: '' },
        { url: 'https://b.example.edu', link_text: TEXT, description: '', icon_class: '' },
      ],
    });
    for (const url of [
      '/admin/posts',
      `/admin/posts?q=${encodeURIComponent(TEXT)}`,
      `/admin/posts/${post.id}`,
      `/admin/posts/${post.id}/delete`,
    ]) {
      const page = await staff.get(url);
      expect(page.statusCode, url).toBe(200);
      expectInert(page.body, TEXT);
    }
    const refused = await staff.form('/admin/posts', [
      ['post_type', TEXT],
      ['title', TEXT],
      ['slug', TEXT],
      ['body_markdown', TEXT],
      ['category', TEXT],
      ['action_link', TEXT],
      ['link_text', TEXT],
      ['publishing', TEXT],
      ['publishing_opens_on', TEXT],
      ['link_url', TEXT],
      ['link_label', TEXT],
      ['link_description', TEXT],
      ['link_icon', TEXT],
    ]);
    expect(refused.statusCode).toBe(400);
    expectInert(refused.body, TEXT);
  });

  it('pages: a refused form, and a page whose posts have hostile titles', async () => {
    const refused = await staff.form('/admin/pages', [
      ['path', TEXT],
      ['slug', TEXT],
    ]);
    expect(refused.statusCode).toBe(400);
    expectInert(refused.body, TEXT);
    const created = await staff.json('POST', '/admin/pages', {
      path: '/hostile',
      slug: 'hostile',
      published: true,
    });
    const { id, version } = created.json<{ id: number; version: number }>();
    const post = await createPost(staff, { title: TEXT });
    await staff.json('POST', `/admin/pages/${id}/posts`, {
      post_id: post.id,
      action: 'add',
      version,
    });
    expectInert((await staff.get(`/admin/pages/${id}`)).body, TEXT);
  });

  it('tasks: the list, the search, the editor, a refused form and the delete confirmation', async () => {
    const task = (
      await staff.json(
        'POST',
        '/admin/tasks',
        draftTask({ title: TEXT, description: TEXT, important_reason: TEXT, periodicity: TEXT }),
      )
    ).json<{ id: number }>();
    for (const url of [
      '/admin/tasks',
      `/admin/tasks?q=${encodeURIComponent(TEXT)}`,
      `/admin/tasks/${task.id}`,
      `/admin/tasks/${task.id}/delete`,
    ]) {
      const page = await staff.get(url);
      expect(page.statusCode, url).toBe(200);
      expectInert(page.body, TEXT);
    }
    const refused = await staff.form('/admin/tasks', [
      ['title', TEXT],
      ['description', TEXT],
      ['category_id', TEXT],
      ['starts_on', TEXT],
      ['periodicity', TEXT],
      ['important_reason', TEXT],
      ['publishes_on', TEXT],
    ]);
    expect(refused.statusCode).toBe(400);
    expectInert(refused.body, TEXT);
  });

  it('task choices: names in the list, a refused form, and the delete confirmation', async () => {
    const made = await staff.json('POST', '/admin/choices/student-type', { name: TEXT });
    const { id } = made.json<{ id: number }>();
    expectInert((await staff.get('/admin/choices')).body, TEXT);
    expectInert((await staff.get(`/admin/choices/student-type/${id}/delete`)).body, TEXT);
    const refused = await staff.form('/admin/choices/category', [
      ['name', TEXT],
      ['slug', TEXT],
    ]);
    expect(refused.statusCode).toBe(400);
    expectInert(refused.body, TEXT);
  });

  it('messages: the list, a refused form and the retract confirmation', async () => {
    const sent = await staff.json('POST', '/admin/messages', {
      audience: 'person',
      username: NAME,
      role: null,
      title: TEXT,
      body: TEXT,
      action_link: null,
      display_as_banner: false,
      expires_on: null,
    });
    expect(sent.statusCode).toBe(201);
    const { id } = sent.json<{ id: number }>();
    expectInert((await staff.get('/admin/messages')).body, TEXT);
    expectInert((await staff.get(`/admin/messages/${id}/retract`)).body, NAME);
    const refused = await staff.form('/admin/messages', [
      ['audience', TEXT],
      ['username', TEXT],
      ['title', TEXT],
      ['body', TEXT],
      ['action_link', TEXT],
      ['expires_on', TEXT],
    ]);
    expect(refused.statusCode).toBe(400);
    expectInert(refused.body, TEXT);
  });

  it('grants: a granted username in the list and the revoke confirmation, and a refused form', async () => {
    const granted = await staff.form('/admin/grants', [
      ['username', NAME],
      ['right', 'demo'],
    ]);
    expect(granted.statusCode).toBe(303);
    expectInert((await staff.get('/admin/grants')).body, NAME);
    const confirm = await staff.get(
      `/admin/grants/revoke?${new URLSearchParams({ username: NAME, right: 'demo' }).toString()}`,
    );
    expect(confirm.statusCode).toBe(200);
    expectInert(confirm.body, NAME);
    const refused = await staff.form('/admin/grants', [
      ['username', TEXT],
      ['right', TEXT],
    ]);
    expect(refused.statusCode).toBe(400);
    expectInert(refused.body, TEXT);
  });

  it('activity: the recorded changes and the person filter', async () => {
    expectInert((await staff.get('/admin?kind=post')).body, '<script>alert(1)</script>');
    const filtered = await staff.get(`/admin?person=${encodeURIComponent(TEXT)}`);
    expect(filtered.statusCode).toBe(200);
    expectInert(filtered.body, TEXT);
  });
});
