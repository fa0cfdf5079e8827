import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorSchema } from '../../../../contract/error.schema.js';
import { messagePageSchema, messageSchema } from '../../../../contract/messages.schema.js';
import { createTestApp, signIn } from '../../helpers/app.js';

const now = new Date('2026-11-21T12:00:00.000Z');

describe('messages: each person reads and marks only their own', () => {
  let app: FastifyInstance;
  const headersOf = async (persona: 'student' | 'new-student' | 'staff') => ({
    authorization: `Token ${(await signIn(app, persona)).token}`,
  });
  const list = async (headers: Record<string, string>, extra: Record<string, string> = {}) => {
    const response = await app.inject({
      url: '/api/notifications/user',
      headers: { ...headers, ...extra },
    });
    expect(response.statusCode).toBe(200);
    return messagePageSchema.parse(response.json()).messages;
  };
  const patch = (pk: number | string, payload: unknown, headers: Record<string, string>) =>
    app.inject({
      method: 'PATCH',
      url: `/api/notifications/${pk}`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });

  beforeEach(async () => {
    app = await createTestApp({ clock: () => now });
  });
  afterEach(async () => app.close());

  it("answers the student's own, the students' and everyone's sample messages, newest first, none expired", async () => {
    const mine = await list(await headersOf('student'));
    expect(mine.map((m) => m.title)).toEqual([
      'You have tasks due this week',
      'Your advisor left you a note',
      'A library book is due soon',
      'Registration for next term opens Monday',
      'Tuition is due on the 15th',
      "What's New: the portal has a new home page",
    ]);
    expect(mine.every((m) => !m.read && !m.is_nudge)).toBe(true);
    const staff = await list(await headersOf('staff'));
    expect(staff.map((m) => m.title)).toEqual([
      'Benefits enrollment closes Friday',
      "What's New: the portal has a new home page",
    ]);
  });

  it('in demo mode answers the demo messages', async () => {
    const demo = await list(await headersOf('student'), { cookie: 'portal_demo=1' });
    expect(demo.map((m) => m.title)).toEqual([
      'Welcome to the demo',
      'Meet your advisor',
      "What's New this week",
    ]);
  });

  it('PATCH marks one read for the signed-in person and answers it', async () => {
    const headers = await headersOf('student');
    const [first] = await list(headers);
    if (!first) throw new Error('no messages');
    const response = await patch(first.pk, { user_read_on: now.toISOString() }, headers);
    expect(response.statusCode).toBe(200);
    expect(messageSchema.parse(response.json())).toMatchObject({
      pk: first.pk,
      read: true,
      user_read_on: now.toISOString(),
    });
    expect((await list(headers)).find((m) => m.pk === first.pk)?.read).toBe(true);
  });

  it('a broadcast read by one student stays unread for another', async () => {
    const ana = await headersOf('student');
    const jordan = await headersOf('new-student');
    const broadcast = (await list(ana)).find((m) => m.category === 'blog');
    if (!broadcast) throw new Error('no broadcast');
    expect((await patch(broadcast.pk, { user_read_on: now.toISOString() }, ana)).statusCode).toBe(
      200,
    );
    expect((await list(jordan)).find((m) => m.pk === broadcast.pk)?.read).toBe(false);
  });

  it("another person's message answers 404, the same as one that does not exist", async () => {
    const ana = await headersOf('student');
    const own = (await list(ana)).find((m) => m.title === 'Your advisor left you a note');
    if (!own) throw new Error('no message');
    const jordan = await headersOf('new-student');
    for (const pk of [own.pk, 999_999]) {
      const response = await patch(pk, { user_read_on: now.toISOString() }, jordan);
      expect(response.statusCode).toBe(404);
      expect(errorSchema.parse(response.json())).toEqual({ detail: 'Not found.' });
    }
    expect((await list(ana)).find((m) => m.pk === own.pk)?.read).toBe(false);
  });

  it.each([
    ['no body field', {}],
    ['an unknown field', { user_read_on: now.toISOString(), read: true }],
    ['a date that is not an instant', { user_read_on: 'yesterday' }],
    ['a null date', { user_read_on: null }],
    ['a date in year 0000', { user_read_on: '0000-01-01T00:00:00Z' }],
    ['a date before 1970', { user_read_on: '1899-12-31T23:59:59Z' }],
    ['a date after 2200', { user_read_on: '9999-12-31T23:59:59Z' }],
  ])('PATCH refuses %s with 400 JSON', async (_, body) => {
    const headers = await headersOf('student');
    const [first] = await list(headers);
    const response = await patch(first?.pk ?? 1, body, headers);
    expect(response.statusCode).toBe(400);
    expect(errorSchema.parse(response.json()).detail.length).toBeGreaterThan(0);
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999', '+1', '00001', '01', ' 1', '1e0', '0x1'])(
    'PATCH refuses the pk %s with 400 JSON: an id is positive decimal without sign or leading zeros',
    async (pk) => {
      const response = await patch(
        pk,
        { user_read_on: now.toISOString() },
        await headersOf('student'),
      );
      expect(response.statusCode).toBe(400);
      expect(errorSchema.safeParse(response.json()).success).toBe(true);
    },
  );

  it('a stored action link the link rule refuses (written before the rule) is answered as null, never handed out', async () => {
    const headers = await headersOf('student');
    const [first] = await list(headers);
    await app.database.db
      .updateTable('messages')
      .set({ action_link: '/\\evil.example/msg' })
      .where('id', '=', first?.pk ?? 0)
      .execute();
    const answered = (await list(headers)).find((m) => m.pk === first?.pk);
    expect(answered?.action_link).toBeNull();
  });

  it('answers 401 without a token', async () => {
    expect((await app.inject({ url: '/api/notifications/user' })).statusCode).toBe(401);
  });
});
