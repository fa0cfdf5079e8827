import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorSchema } from '../../../../contract/error.schema.js';
import { repositoryStores } from '../../db/stores.js';
import { createTestApp } from '../../helpers/app.js';
import { adminAs } from './admin-client.js';
import { createPost, post } from './post-input.js';
import { draftTask } from './task-input.js';

const RUNS = 6;

/** An id of ten digits beyond the largest the stores' integer columns hold. */
const hugeId = fc.integer({ min: 2_147_483_648, max: 9_999_999_999 }).map(String);
/** Text with a NUL character somewhere: SQLite keeps it, PostgreSQL's text cannot. */
const withNul = fc
  .tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }))
  .map(([a, b]) => `${a}\u0000${b}`);
/** The same in a username's shape (no spaces or slashes), so only the NUL is wrong. */
const nulName = fc
  .tuple(fc.stringMatching(/^[a-z]{1,8}$/), fc.stringMatching(/^[a-z0-9]{0,8}$/))
  .map(([a, b]) => `${a}\u0000${b}`);

type Admin = Awaited<ReturnType<typeof adminAs>>;
type Call = (admin: Admin, value: string, ids: Ids) => Promise<LightMyRequestResponse>;
interface Ids {
  post: { id: number; version: number };
  task: number;
  page: { id: number; version: number };
}

const q = encodeURIComponent;
const task = (over: Record<string, unknown>) => ({ ...draftTask(), ...over });
const message = (over: Record<string, unknown>) => ({
  audience: 'everyone',
  username: null,
  role: null,
  title: 'Hello',
  body: 'Hello',
  action_link: null,
  display_as_banner: false,
  expires_on: null,
  ...over,
});

/** Every admin operation that takes an id, with a huge one in its address or body. */
const idCalls: Record<string, Call> = {
  'GET post': (a, v) => a.get(`/admin/posts/${v}`),
  'GET post delete': (a, v) => a.get(`/admin/posts/${v}/delete`),
  'PUT post': (a, v) => a.json('PUT', `/admin/posts/${v}`, { ...post(), version: 1 }),
  'DELETE post': (a, v) => a.json('DELETE', `/admin/posts/${v}`, { version: 1 }),
  'POST post links': (a, v) =>
    a.json('POST', `/admin/posts/${v}/links`, { position: 0, action: 'up', version: 1 }),
  'PUT post version': (a, v, ids) =>
    a.json('PUT', `/admin/posts/${ids.post.id}`, { ...post(), version: Number(v) }),
  'DELETE post version': (a, v, ids) =>
    a.json('DELETE', `/admin/posts/${ids.post.id}`, { version: Number(v) }),
  'POST post links position': (a, v, ids) =>
    a.json('POST', `/admin/posts/${ids.post.id}/links`, {
      position: Number(v),
      action: 'up',
      version: ids.post.version,
    }),
  'GET task': (a, v) => a.get(`/admin/tasks/${v}`),
  'PUT task': (a, v) => a.json('PUT', `/admin/tasks/${v}`, { ...draftTask(), version: 1 }),
  'DELETE task': (a, v) => a.json('DELETE', `/admin/tasks/${v}`, { version: 1 }),
  'PUT task version': (a, v, ids) =>
    a.json('PUT', `/admin/tasks/${ids.task}`, { ...draftTask(), version: Number(v) }),
  'POST task category': (a, v) => a.json('POST', '/admin/tasks', task({ category_id: Number(v) })),
  'POST task student type': (a, v) =>
    a.json('POST', '/admin/tasks', task({ student_type_ids: [Number(v)] })),
  'GET tasks by category': (a, v) => a.get(`/admin/tasks?category=${v}`),
  'GET page': (a, v) => a.get(`/admin/pages/${v}`),
  'GET page preview': (a, v) => a.get(`/admin/pages/${v}/preview`),
  'POST page posts': (a, v) =>
    a.json('POST', `/admin/pages/${v}/posts`, { post_id: 1, action: 'add', version: 1 }),
  'POST page post id': (a, v, ids) =>
    a.json('POST', `/admin/pages/${ids.page.id}/posts`, {
      post_id: Number(v),
      action: 'add',
      version: ids.page.version,
    }),
  'PUT page version': (a, v, ids) =>
    a.json('PUT', `/admin/pages/${ids.page.id}`, {
      path: '/probe',
      slug: 'probe',
      published: true,
      version: Number(v),
    }),
  'GET message retract': (a, v) => a.get(`/admin/messages/${v}/retract`),
  'DELETE message': (a, v) => a.json('DELETE', `/admin/messages/${v}`),
  'GET choice delete': (a, v) => a.get(`/admin/choices/category/${v}/delete`),
  'PUT choice': (a, v) =>
    a.json('PUT', `/admin/choices/student-type/${v}`, { name: 'x', previous_name: 'y' }),
  'DELETE choice': (a, v) => a.json('DELETE', `/admin/choices/student-type/${v}`),
};

/** Every admin text field, filter and username, with a NUL in it. */
const textCalls: Record<string, Call> = {
  ...Object.fromEntries(
    ['title', 'body_markdown', 'slug', 'category', 'action_link', 'link_text'].map((field) => [
      `post ${field}`,
      (a: Admin, v: string) => a.json('POST', '/admin/posts', post({ [field]: v })),
    ]),
  ),
  ...Object.fromEntries(
    ['url', 'link_text', 'description', 'icon_class'].map((field) => [
      `post link ${field}`,
      (a: Admin, v: string) =>
        a.json('POST', '/admin/posts', {
          ...post(),
          links: [{ url: '/a', link_text: 'A', description: '', icon_class: '', [field]: v }],
        }),
    ]),
  ),
  ...Object.fromEntries(
    ['title', 'description', 'important_reason', 'periodicity'].map((field) => [
      `task ${field}`,
      (a: Admin, v: string) => a.json('POST', '/admin/tasks', task({ [field]: v })),
    ]),
  ),
  'page path': (a, v) => a.json('POST', '/admin/pages', { path: v, slug: 'p', published: true }),
  'page slug': (a, v) => a.json('POST', '/admin/pages', { path: '/p', slug: v, published: true }),
  ...Object.fromEntries(
    ['title', 'body', 'action_link'].map((field) => [
      `message ${field}`,
      (a: Admin, v: string) => a.json('POST', '/admin/messages', message({ [field]: v })),
    ]),
  ),
  'message username': (a, v) =>
    a.json('POST', '/admin/messages', message({ audience: 'person', username: v })),
  'category name': (a, v) => a.json('POST', '/admin/choices/category', { name: v, slug: 'c' }),
  'category slug': (a, v) => a.json('POST', '/admin/choices/category', { name: 'C', slug: v }),
  'student type name': (a, v) => a.json('POST', '/admin/choices/student-type', { name: v }),
  'student type rename': (a, v) =>
    a.json('PUT', '/admin/choices/student-type/1', { name: 'x', previous_name: v }),
  'activity person': (a, v) => a.get(`/admin?person=${q(v)}`),
  'activity kind': (a, v) => a.get(`/admin?kind=${q(v)}`),
  'posts search': (a, v) => a.get(`/admin/posts?q=${q(v)}`),
  'tasks search': (a, v) => a.get(`/admin/tasks?q=${q(v)}`),
  'grant form username': (a, v) => a.json('POST', '/admin/grants', { username: v, right: 'demo' }),
  'revoke form username': (a, v) =>
    a.json('POST', '/admin/grants/revoke', { username: v, right: 'demo' }),
  'revoke page username': (a, v) => a.get(`/admin/grants/revoke?username=${q(v)}&right=demo`),
  'grants API grant': (a, v) => a.json('PUT', `/api/admin/grants/${q(v)}/demo`),
  'grants API revoke': (a, v) => a.json('DELETE', `/api/admin/grants/${q(v)}/demo`),
};
const nameCalls = new Set([
  'message username',
  'grant form username',
  'revoke form username',
  'revoke page username',
  'grants API grant',
  'grants API revoke',
]);

/** A refusal the caller can act on: 400 or 404, with a message (JSON `detail`, or a page). */
function expectRefused(response: LightMyRequestResponse, call: string) {
  expect([400, 404], `${call}: ${response.statusCode} ${response.body.slice(0, 200)}`).toContain(
    response.statusCode,
  );
  if (response.headers['content-type']?.toString().startsWith('application/json'))
    expect(errorSchema.parse(response.json()).detail).not.toBe('');
  else expect(response.body).toMatch(/<h1>/);
}

describe.each(repositoryStores('admin_bad_input'))('the admin on $name', (store) => {
  let app: FastifyInstance;
  let admin: Admin;
  let ids: Ids;
  beforeAll(async () => {
    app = await createTestApp({ database: await store.open() });
    await app.repositories.grants.put('mchen', 'superuser', null, new Date());
    admin = await adminAs(app, 'staff');
    const page = await admin.json('POST', '/admin/pages', {
      path: '/probe',
      slug: 'probe',
      published: true,
    });
    const made = await admin.json('POST', '/admin/tasks', draftTask());
    ids = {
      post: await createPost(admin),
      task: made.json<{ id: number }>().id,
      page: page.json<{ id: number; version: number }>(),
    };
  });
  afterAll(async () => app.close());

  it.each(Object.keys(idCalls))(
    'ids are whole numbers the integer column holds: an id of 10 digits to %s answers 400 or 404',
    async (call) => {
      await fc.assert(
        fc.asyncProperty(hugeId, async (id) =>
          expectRefused(await idCalls[call]!(admin, id, ids), call),
        ),
        { numRuns: RUNS },
      );
    },
  );

  it.each(Object.keys(textCalls))(
    'admin text holds no NUL character: a NUL in %s answers 400 with the field named',
    async (call) => {
      await fc.assert(
        fc.asyncProperty(nameCalls.has(call) ? nulName : withNul, async (text) =>
          expectRefused(await textCalls[call]!(admin, text, ids), call),
        ),
        { numRuns: RUNS },
      );
    },
  );
});
