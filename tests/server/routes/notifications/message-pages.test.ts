import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorSchema } from '../../../../contract/error.schema.js';
import {
  MESSAGES_PAGE_MAX,
  MESSAGES_PAGE_SIZE,
  cursorAfter,
  messagePageSchema,
} from '../../../../contract/messages.schema.js';
import type { MessagePage } from '../../../../contract/messages.schema.js';
import { recipientOf } from '../../../../server/messages/recipient.js';
import { findPersona } from '../../../../server/sis/personas.js';
import { createTestApp, signIn } from '../../helpers/app.js';

const now = new Date('2026-11-21T12:00:00.000Z');
const MANY = 10_000;
const ana = findPersona('student').username;

/**
 * Issue 87: a student with 10,000 messages. Each has a body of about the length a real one has; every
 * tenth is a banner message, and pairs share their instant, so the cursor's tie on `created_on` is
 * walked too.
 */
async function seedMany(app: FastifyInstance) {
  const { messages } = app.repositories;
  for (let i = 0; i < MANY; i += 1) {
    await messages.create({
      audience: 'person',
      username: ana,
      title: `Message ${i}`,
      body: `Body of message ${i}: ${'a reminder about something the university wants you to know. '.repeat(3)}`,
      created_on: new Date(now.getTime() - 86_400_000 - Math.floor(i / 2) * 60_000),
      display_as_banner: i % 10 === 5,
    });
  }
}

describe('issue 87: the messages list a page at a time', () => {
  let app: FastifyInstance;
  let headers: Record<string, string>;
  const get = (query = '') =>
    app.inject({ url: `/api/notifications/user${query}`, headers: { ...headers } });
  const page = async (query = ''): Promise<MessagePage> => {
    const response = await get(query);
    expect(response.statusCode).toBe(200);
    return messagePageSchema.parse(response.json());
  };

  const anaAsRecipient = async () => {
    const record = await app.repositories.users.findByUsername(ana);
    if (!record) throw new Error('no student');
    return recipientOf(record);
  };

  beforeAll(async () => {
    app = await createTestApp({ clock: () => now });
    headers = { authorization: `Token ${(await signIn(app, 'student')).token}` };
    await seedMany(app);
  }, 120_000);
  afterAll(async () => app.close());

  it(`the first page holds ${MESSAGES_PAGE_SIZE}, newest first, with the next page's cursor and the whole list's unread count`, async () => {
    const first = await page();
    expect(first.messages).toHaveLength(MESSAGES_PAGE_SIZE);
    // The sample messages are newer than the seeded ones (these are all a day old or more).
    const seeded = first.messages.filter((m) => m.title.startsWith('Message '));
    expect(seeded[0]?.title).toBe('Message 1');
    expect(first.next).toEqual(expect.any(String));
    // Every one is unread: the count is of all of them, not of the page.
    const all = await app.repositories.messages.forRecipient(await anaAsRecipient(), now);
    expect(all.length).toBeGreaterThan(MANY);
    expect(first.unread).toBe(all.length);
    // The banner's messages are of the whole list, newest first, at most 5 (portal.md §9).
    const banner = all.filter((m) => m.display_as_banner && !m.read).slice(0, 5);
    expect(banner.map((m) => m.title)).toContain('Message 5');
    expect(first.banner.map((m) => m.pk)).toEqual(banner.map((m) => m.pk));
    // Whatever the page: a page of one carries the same five.
    expect((await page('?limit=1')).banner.map((m) => m.pk)).toEqual(banner.map((m) => m.pk));
  });

  it('following the cursors walks every message once, in order, without a gap, to a last page whose next is null', async () => {
    const seen: number[] = [];
    let query = `?limit=${MESSAGES_PAGE_MAX}`;
    let pages = 0;
    for (;;) {
      const answer = await page(query);
      pages += 1;
      seen.push(...answer.messages.map((m) => m.pk));
      if (answer.next === null) break;
      query = `?limit=${MESSAGES_PAGE_MAX}&after=${answer.next}`;
    }
    expect(new Set(seen).size).toBe(seen.length);
    const all = await app.repositories.messages.forRecipient(await anaAsRecipient(), now);
    expect(seen).toEqual(all.map((m) => m.pk));
    expect(pages).toBe(Math.ceil(all.length / MESSAGES_PAGE_MAX));
  }, 60_000);

  it('a message arriving between two pages shows on the first, and moves nothing on the next', async () => {
    const first = await page('?limit=10');
    const expected = await page(`?limit=10&after=${first.next ?? ''}`);
    await app.repositories.messages.create({
      audience: 'person',
      username: ana,
      title: 'Arrived just now',
      body: '',
      created_on: now,
    });
    const second = await page(`?limit=10&after=${first.next ?? ''}`);
    expect(second.messages.map((m) => m.pk)).toEqual(expected.messages.map((m) => m.pk));
    expect((await page('?limit=1')).messages[0]?.title).toBe('Arrived just now');
  });

  it('a cursor past the last message answers an empty last page', async () => {
    const after = cursorAfter({ created_on: '1970-01-01T00:00:00.000Z', pk: 1 });
    expect(await page(`?after=${after}`)).toMatchObject({ messages: [], next: null });
  });

  it.each([
    ['a cursor that is not base64url', '?after=%25%25%25'],
    ['a cursor of something else', `?after=${Buffer.from('hello').toString('base64url')}`],
    ['an empty cursor', '?after='],
    ['a limit of 0', '?limit=0'],
    [`a limit over ${MESSAGES_PAGE_MAX}`, `?limit=${MESSAGES_PAGE_MAX + 1}`],
    ['a limit that is not a number', '?limit=many'],
  ])('%s answers 400 with a detail naming the field, not 500', async (_, query) => {
    const response = await get(query);
    expect(response.statusCode).toBe(400);
    const { detail } = errorSchema.parse(response.json());
    expect(detail).toMatch(query.includes('after') ? /after/ : /limit/);
  });

  it('a bad cursor says to ask for the first page again', async () => {
    const response = await get(`?after=${Buffer.from('hello').toString('base64url')}`);
    expect(errorSchema.parse(response.json()).detail).toContain('ask for the first page again');
  });

  it(`10,000 messages: the API's page is under 200 kB (the whole list, megabytes)`, async () => {
    const started = performance.now();
    const response = await get();
    const ms = performance.now() - started;
    const kb = Buffer.byteLength(response.body) / 1000;
    // What the API answered before issue 87: the whole list, read and serialised.
    const wholeStarted = performance.now();
    const whole = await app.repositories.messages.forRecipient(await anaAsRecipient(), now);
    const wholeKb = Buffer.byteLength(JSON.stringify(whole)) / 1000;
    const wholeMs = performance.now() - wholeStarted;
    console.info(
      `messages API: first page ${kb.toFixed(1)} kB in ${ms.toFixed(0)} ms; the whole list ${wholeKb.toFixed(0)} kB in ${wholeMs.toFixed(0)} ms`,
    );
    expect(kb).toBeLessThan(200);
    expect(wholeKb).toBeGreaterThan(1000);
  });
});
