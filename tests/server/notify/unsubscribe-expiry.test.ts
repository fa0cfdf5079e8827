import { createHmac, hkdfSync } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { at, days, reminderApp } from './fixture.js';

const SECRET = 'a-session-secret-of-at-least-32-characters';
const START = new Date('2026-11-24T18:00:00.000Z');

/** A token as links were written before they carried an issue time: `{u, t}` under the same key. */
function legacyToken(userId: number, topic: string): string {
  const key = Buffer.from(hkdfSync('sha256', SECRET, Buffer.alloc(0), 'portal unsubscribe', 32));
  const body = Buffer.from(JSON.stringify({ u: userId, t: topic })).toString('base64url');
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

describe('unsubscribe links expire (UNSUBSCRIBE_LINK_DAYS, 90 days by default)', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  async function setUp(env: Record<string, string> = {}) {
    const f = await reminderApp(START, { env: { SESSION_SECRET: SECRET, ...env } });
    app = f.app;
    const url = (token: string) => `/api/notify/unsubscribe?token=${encodeURIComponent(token)}`;
    const post = (token: string, accept = 'application/json') =>
      f.app.inject({
        method: 'POST',
        url: url(token),
        payload: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept },
      });
    const page = (token: string) =>
      f.app.inject({ url: url(token), headers: { accept: 'text/html' } });
    return { ...f, post, page };
  }

  it('a fresh link opens its page and its one-click POST unsubscribes', async () => {
    const f = await setUp();
    const token = f.app.notify.tokens.make(f.student.id, 'deadlines');
    f.setNow(at(START, days(89)));
    expect((await f.page(token)).statusCode).toBe(200);
    const answer = await f.post(token);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ topic: 'deadlines', unsubscribed: true });
  });

  it('a link older than the limit gets a page saying it expired, with a link to the notification settings; its POST changes nothing', async () => {
    const f = await setUp();
    const token = f.app.notify.tokens.make(f.student.id, 'deadlines');
    const before = await f.app.repositories.nextStepsProfile.preference(f.student.id);
    f.setNow(at(START, days(91)));
    const page = await f.page(token);
    expect(page.statusCode).toBe(410);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<h1>This link has expired</h1>');
    // Styled like the other pages: its CSP lets the page's own stylesheet load.
    expect(page.headers['content-security-policy']).toContain("style-src 'self'");
    expect(page.body).toContain(
      '<a href="/next-steps/preferences">Choose your notifications in Next Steps</a>',
    );
    const answer = await f.post(token);
    expect(answer.statusCode).toBe(410);
    expect(answer.body).toMatch(
      /^\{"detail":"Unsubscribe links work for 90 days after their email was sent/,
    );
    const htmlAnswer = await f.post(token, 'text/html');
    expect(htmlAnswer.body).toContain('This link has expired');
    expect(await f.app.repositories.nextStepsProfile.preference(f.student.id)).toEqual(before);
  });

  it('the limit is a setting', async () => {
    const f = await setUp({ UNSUBSCRIBE_LINK_DAYS: '7' });
    const token = f.app.notify.tokens.make(f.student.id, 'messages');
    f.setNow(at(START, days(8)));
    expect((await f.page(token)).statusCode).toBe(410);
  });

  it('the API document names both refusals of the one-click POST: 400 for a link the portal did not sign, 410 for an expired one', async () => {
    const f = await setUp();
    const document = (await f.app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, { post?: { responses?: Record<string, unknown> } }>;
    }>();
    expect(Object.keys(document.paths['/api/notify/unsubscribe']?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '410']),
    );
  });

  it('a tampered link is refused, and its issue time cannot be moved', async () => {
    const f = await setUp();
    const token = f.app.notify.tokens.make(f.student.id, 'deadlines');
    const [body = '', mac = ''] = token.split('.');
    // The same person and topic, issued a year later: a body the signature does not cover.
    const younger = Buffer.from(
      JSON.stringify({ u: f.student.id, t: 'deadlines', i: START.getTime() / 1000 + 86_400 * 365 }),
    ).toString('base64url');
    for (const bad of [`${younger}.${mac}`, `${body}.${mac.slice(0, -2)}AA`, `${body}x.${mac}`]) {
      expect((await f.post(bad)).statusCode).toBe(400);
      expect((await f.page(bad)).statusCode).toBe(400);
    }
  });

  it('a link written before links expired works for the full period after the upgrade, then expires', async () => {
    const f = await setUp();
    const token = legacyToken(f.student.id, 'deadlines');
    f.setNow(at(START, days(60)));
    expect((await f.page(token)).statusCode).toBe(200);
    f.setNow(at(START, days(91)));
    expect((await f.page(token)).statusCode).toBe(410);
  });
});
