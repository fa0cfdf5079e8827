import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_ONLY_DETAIL } from '../../../../contract/error.schema.js';
import {
  MESSAGES_PAGE_SIZE,
  markedAllSchema,
  messagePageSchema,
} from '../../../../contract/messages.schema.js';
import { userSchema } from '../../../../contract/user.schema.js';
import { recipientOf } from '../../../../server/messages/recipient.js';
import { findPersona } from '../../../../server/sis/personas.js';
import { createTestApp, signIn } from '../../helpers/app.js';
import { adminAs } from '../admin/admin-client.js';

const now = new Date('2026-11-21T12:00:00.000Z');
const MANY = 10_000;
const ana = findPersona('student').username;
const minutesAgo = (m: number) => new Date(now.getTime() - 86_400_000 - m * 60_000);
const READ_ON = '2026-11-21T11:59:00.000Z';

/**
 * A student with 10,000 messages, all read but three pages' worth: the newest page, one in the
 * middle of the list and the oldest, far beyond what a browser has loaded. Of those, the ones whose
 * place is a multiple of 3 are What's New (blog) messages.
 */
async function seed(app: FastifyInstance) {
  const { messages } = app.repositories;
  const size = MESSAGES_PAGE_SIZE;
  // Places in the list (0: the newest): the unread ones are the top, middle and bottom pages.
  const unreadAt = (p: number) =>
    p < size || (p >= MANY / 2 && p < MANY / 2 + size) || p >= MANY - size;
  const add = (p: number, category: 'general' | 'blog' = 'general') =>
    messages.create({
      audience: 'person',
      username: ana,
      title: `Message ${p}`,
      body: `Body of message ${p}`,
      created_on: minutesAgo(p),
      category,
    });
  const places = Array.from({ length: MANY }, (_, p) => p);
  for (const p of places.filter((p) => !unreadAt(p))) await add(p);
  const record = await app.repositories.users.findByUsername(ana);
  if (!record) throw new Error('no student');
  const recipient = recipientOf(record);
  await messages.markAllRead(recipient, READ_ON, now);
  const unread = places.filter(unreadAt);
  for (const p of unread) await add(p, p % 3 === 0 ? 'blog' : 'general');
  return { recipient, unread: unread.length, blog: unread.filter((p) => p % 3 === 0).length };
}

describe('"Mark all read" on the server: every page, one call (issue 87)', () => {
  let app: FastifyInstance;
  let headers: Record<string, string>;
  let seeded: Awaited<ReturnType<typeof seed>>;
  const firstPage = async () =>
    messagePageSchema.parse((await app.inject({ url: '/api/notifications/user', headers })).json());
  const markAll = (payload: object, as = headers) =>
    app.inject({ method: 'POST', url: '/api/notifications/read', headers: as, payload });
  const stored = async () => app.repositories.messages.forRecipient(seeded.recipient, now);

  beforeAll(async () => {
    app = await createTestApp({ clock: () => now });
    headers = { authorization: `Token ${(await signIn(app, 'student')).token}` };
    seeded = await seed(app);
  }, 180_000);
  afterAll(async () => app.close());

  it('the seeded list: 10,000 messages, the unread ones on three pages, the first, the middle and the last', async () => {
    const all = await stored();
    expect(all.length).toBeGreaterThanOrEqual(MANY);
    const pages = Math.ceil(all.length / MESSAGES_PAGE_SIZE);
    const pagesWithUnread = [
      ...new Set(all.flatMap((m, i) => (m.read ? [] : [Math.floor(i / MESSAGES_PAGE_SIZE)]))),
    ];
    expect(pagesWithUnread).toContain(0);
    expect(pagesWithUnread).toContain(pages - 1);
    expect(pagesWithUnread.some((p) => p > 50 && p < pages - 50)).toBe(true);
    expect((await firstPage()).unread).toBe(seeded.unread);
  });

  it('someone viewing as the student (support, read only) gets 403, and nothing is marked', async () => {
    await app.repositories.grants.put('mchen', 'support', null, now);
    const support = await adminAs(app, 'staff');
    const started = await support.form('/admin/view-as', [
      ['username', ana],
      ['reason', 'Cannot find her message'],
      ['ticket', 'HD-2001'],
    ]);
    expect(started.statusCode).toBe(303);
    const viewer = userSchema.parse(
      (await app.inject({ url: '/api/users/user', headers: { cookie: support.cookie } })).json(),
    );
    expect(viewer.username).toBe(ana);
    const as = { authorization: `Token ${viewer.auth_token}` };
    for (const payload of [
      { user_read_on: READ_ON },
      { user_read_on: READ_ON, category: 'blog' },
    ]) {
      const response = await markAll(payload, as);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: READ_ONLY_DETAIL });
    }
    expect((await firstPage()).unread).toBe(seeded.unread);
  });

  it('a body that is not a mark answers 400, marking nothing', async () => {
    for (const payload of [
      {},
      { user_read_on: 'soon' },
      { user_read_on: READ_ON, category: 'x' },
    ]) {
      expect((await markAll(payload)).statusCode).toBe(400);
    }
    expect((await firstPage()).unread).toBe(seeded.unread);
  });

  it("What's New's variant marks the blog messages of every page read and leaves the others unread", async () => {
    const response = await markAll({ user_read_on: now.toISOString(), category: 'blog' });
    expect(response.statusCode).toBe(200);
    expect(markedAllSchema.parse(response.json())).toEqual({
      marked: seeded.blog,
      unread: seeded.unread - seeded.blog,
    });
    const all = await stored();
    expect(all.filter((m) => m.category === 'blog' && !m.read)).toEqual([]);
    expect(all.filter((m) => !m.read)).toHaveLength(seeded.unread - seeded.blog);
    // The last page's too, 200 pages past the first, and its others stay unread.
    expect(all.find((m) => m.title === `Message ${MANY - 1}`)?.read).toBe((MANY - 1) % 3 === 0);
    expect(all.find((m) => m.title === `Message ${MANY - 2}`)?.read).toBe((MANY - 2) % 3 === 0);
    expect((await firstPage()).unread).toBe(seeded.unread - seeded.blog);
  });

  it('one call marks every message read, on every page, keeping the first read times', async () => {
    const response = await markAll({ user_read_on: now.toISOString() });
    expect(response.statusCode).toBe(200);
    expect(markedAllSchema.parse(response.json())).toEqual({
      marked: seeded.unread - seeded.blog,
      unread: 0,
    });
    const all = await stored();
    expect(all.every((m) => m.read)).toBe(true);
    expect(all.find((m) => m.title === `Message ${MESSAGES_PAGE_SIZE}`)?.user_read_on).toBe(
      READ_ON,
    );
    const first = await firstPage();
    expect(first.unread).toBe(0);
    expect(first.banner).toEqual([]);
    // Again: nothing left to mark.
    expect((await markAll({ user_read_on: now.toISOString() })).json()).toEqual({
      marked: 0,
      unread: 0,
    });
  });
});
