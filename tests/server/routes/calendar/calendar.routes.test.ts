import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarSubscriptionSchema } from '../../../../contract/calendar.schema.js';
import { errorSchema } from '../../../../contract/error.schema.js';
import { openDatabase } from '../../../../server/db/database.js';
import { createTestApp, signIn } from '../../helpers/app.js';
import { exdates, readCalendar } from '../../calendar/ical-read.js';

const now = new Date('2026-10-15T19:00:00.000Z');
let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp({ clock: () => now });
});
afterAll(async () => app.close());

const auth = async (persona: 'student' | 'new-student') => ({
  authorization: `Token ${(await signIn(app, persona)).token}`,
});

async function subscription(headers: Record<string, string>, method: 'GET' | 'POST' = 'GET') {
  const response = await app.inject({ method, url: '/api/calendar/subscription', headers });
  expect(response.statusCode).toBe(200);
  return calendarSubscriptionSchema.parse(response.json());
}

async function newAddress(headers: Record<string, string>): Promise<string> {
  const made = await subscription(headers, 'POST');
  if (made.state !== 'ready') throw new Error(`no address: ${made.state}`);
  return made.path;
}

describe('the personal calendar subscription', () => {
  it('a person has no address until they ask for one, then keeps seeing the same one', async () => {
    const headers = await auth('student');
    expect((await subscription(headers)).state).toBe('none');
    const path = await newAddress(headers);
    expect(path).toMatch(/^\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await subscription(headers)).toMatchObject({ state: 'ready', path });
  });

  it('serves text/calendar with an ETag, and 304 to a matching If-None-Match', async () => {
    const path = await newAddress(await auth('student'));
    const first = await app.inject({ url: path });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/calendar/);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await app.inject({ url: path, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('holds the person’s classes and open deadlines', async () => {
    const path = await newAddress(await auth('student'));
    const { events } = readCalendar((await app.inject({ url: path })).body);
    expect(events.some((e) => e.summary === 'CS 161: Introduction to Programming')).toBe(true);
    expect(events.some((e) => e.summary.startsWith('Due: '))).toBe(true);
  });

  it("no class meets on the campus configuration's holidays: Thanksgiving is an EXDATE of the Thursday class", async () => {
    const path = await newAddress(await auth('student'));
    const { events } = readCalendar((await app.inject({ url: path })).body);
    const thursdays = events.find((e) => e.summary.startsWith('WR 121'));
    if (!thursdays) throw new Error('no WR 121');
    expect(exdates(thursdays)).toEqual(['2026-11-26T12:00:00']);
  });

  it('resetting the link makes the old address answer 404 and the new one work', async () => {
    const headers = await auth('student');
    const old = await newAddress(headers);
    const fresh = await newAddress(headers);
    expect(fresh).not.toBe(old);
    const gone = await app.inject({ url: old });
    expect(gone.statusCode).toBe(404);
    expect(errorSchema.parse(gone.json()).detail).toBeTruthy();
    expect((await app.inject({ url: fresh })).statusCode).toBe(200);
  });

  it('another person’s address never shows your data', async () => {
    const mine = await newAddress(await auth('student'));
    const theirs = await newAddress(await auth('new-student'));
    const mineText = (await app.inject({ url: mine })).body;
    const theirText = (await app.inject({ url: theirs })).body;
    expect(mineText).toContain('CRN 41234');
    expect(theirText).toContain('CRN 43001');
    expect(theirText).not.toContain('CRN 41234');
    expect(theirText).not.toContain('CRN 41877');
    expect(mineText).not.toContain('CRN 43001');
  });

  it("its links are built from the configured public origin, never the request's Host", async () => {
    const configured = await createTestApp({
      clock: () => now,
      env: { PUBLIC_ORIGIN: 'https://portal.campus.example.edu' },
    });
    try {
      const headers = { authorization: `Token ${(await signIn(configured, 'student')).token}` };
      const made = calendarSubscriptionSchema.parse(
        (
          await configured.inject({ method: 'POST', url: '/api/calendar/subscription', headers })
        ).json(),
      );
      if (made.state !== 'ready') throw new Error(`no address: ${made.state}`);
      const feed = await configured.inject({
        url: made.path,
        headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      });
      expect(feed.statusCode).toBe(200);
      expect(feed.body).toContain('https://portal.campus.example.edu/next-steps/task/');
      expect(feed.body).not.toContain('evil.example');
    } finally {
      await configured.close();
    }
  });

  it('unknown and malformed addresses answer 404', async () => {
    for (const url of [`/calendar/${'A'.repeat(43)}.ics`, '/calendar/short.ics', '/calendar/x']) {
      expect((await app.inject({ url })).statusCode).toBe(404);
    }
  });

  it('demo mode never leaks into the calendar', async () => {
    const path = await newAddress(await auth('student'));
    const plain = await app.inject({ url: path });
    const demo = await app.inject({ url: path, headers: { cookie: 'portal_demo=1' } });
    expect(demo.body).toBe(plain.body);
    expect(demo.body).not.toContain('The Pacific Northwest');
  });

  it('the subscription API answers 401 without a token', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await app.inject({ method, url: '/api/calendar/subscription' });
      expect(response.statusCode).toBe(401);
    }
  });
});

describe('the calendar feed is rate-limited like the API', () => {
  it('answers 429 past the per-minute limit of one address', async () => {
    const limited = await createTestApp({
      clock: () => now,
      env: { RATE_LIMIT_API_PER_MINUTE: '3' },
    });
    try {
      const url = `/calendar/${'B'.repeat(43)}.ics`;
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await limited.inject({ url })).statusCode);
      expect(codes).toEqual([404, 404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('a link that can no longer be shown', () => {
  it('after the server secret changes the address still works, shows as hidden, and a reset shows a new one', async () => {
    const database = await openDatabase({ sqliteFile: ':memory:' });
    const secret = (c: string) => ({ SESSION_SECRET: c.repeat(32) });
    const before = await createTestApp({ clock: () => now, database, env: secret('a') });
    const headers = { authorization: `Token ${(await signIn(before, 'student')).token}` };
    const made = calendarSubscriptionSchema.parse(
      (await before.inject({ method: 'POST', url: '/api/calendar/subscription', headers })).json(),
    );
    if (made.state !== 'ready') throw new Error('no address');
    // The same store, a server with another secret (a rotated SESSION_SECRET).
    const after = await createTestApp({ clock: () => now, database, env: secret('b') });
    try {
      const again = { authorization: `Token ${(await signIn(after, 'student')).token}` };
      const seen: unknown = (
        await after.inject({ url: '/api/calendar/subscription', headers: again })
      ).json();
      expect(calendarSubscriptionSchema.parse(seen).state).toBe('hidden');
      expect((await after.inject({ url: made.path })).statusCode).toBe(200);
      const reset: unknown = (
        await after.inject({ method: 'POST', url: '/api/calendar/subscription', headers: again })
      ).json();
      expect(calendarSubscriptionSchema.parse(reset).state).toBe('ready');
      expect((await after.inject({ url: made.path })).statusCode).toBe(404);
    } finally {
      await after.close();
      await before.close().catch(() => undefined);
    }
  });
});
