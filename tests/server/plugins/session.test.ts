import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, signIn } from '../helpers/app.js';

describe('Token authentication', () => {
  let app: FastifyInstance;
  afterEach(async () => app.close());

  it('accepts Authorization: Token <auth_token> on API calls', async () => {
    app = await createTestApp();
    const { token } = await signIn(app, 'student');
    const response = await app.inject({
      url: '/api/preferences/user',
      headers: { authorization: `Token ${token}` },
    });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['no header', {}],
    ['a made-up token', { authorization: 'Token abcdefghijklmnopqrstuvwxyz0123456789' }],
    ['another scheme', { authorization: 'Bearer abcdefghijklmnopqrstuvwxyz0123456789' }],
  ])('answers 401 JSON with %s', async (_name, headers) => {
    app = await createTestApp();
    const response = await app.inject({ url: '/api/preferences/user', headers });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toHaveProperty('detail');
  });

  it('kills the token together with its session at logout', async () => {
    app = await createTestApp();
    const { cookie, token } = await signIn(app, 'student');
    await app.inject({ url: '/auth/logout', headers: { cookie } });
    const response = await app.inject({
      url: '/api/preferences/user',
      headers: { authorization: `Token ${token}` },
    });
    expect(response.statusCode).toBe(401);
  });

  it('ends a session left idle past the idle timeout', async () => {
    let now = new Date('2026-11-21T10:00:00Z');
    app = await createTestApp({
      clock: () => now,
      sessionPolicy: { idleMs: 30 * 60_000, absoluteMs: 12 * 3_600_000 },
    });
    const { token } = await signIn(app, 'student');
    now = new Date('2026-11-21T10:31:00Z');
    const response = await app.inject({
      url: '/api/preferences/user',
      headers: { authorization: `Token ${token}` },
    });
    expect(response.statusCode).toBe(401);
  });

  it('ends a session at its absolute lifetime even when used all along', async () => {
    let now = new Date('2026-11-21T08:00:00Z');
    app = await createTestApp({
      clock: () => now,
      sessionPolicy: { idleMs: 30 * 60_000, absoluteMs: 60 * 60_000 },
    });
    const { token } = await signIn(app, 'student');
    const call = () =>
      app.inject({ url: '/api/preferences/user', headers: { authorization: `Token ${token}` } });
    now = new Date('2026-11-21T08:25:00Z');
    expect((await call()).statusCode).toBe(200);
    now = new Date('2026-11-21T08:50:00Z');
    expect((await call()).statusCode).toBe(200);
    now = new Date('2026-11-21T09:01:00Z');
    expect((await call()).statusCode).toBe(401);
  });
});

describe('cookie-authenticated changes (requireSession)', () => {
  let app: FastifyInstance;
  afterEach(async () => app.close());

  async function appWithChangeRoute() {
    app = await createTestApp();
    app.post('/api/test-change', { preHandler: app.requireSession }, async (request) => ({
      user: request.auth?.user.username,
    }));
    const signInAnswer = await app.inject({
      method: 'POST',
      url: '/auth/demo-sign-in',
      payload: 'persona=student',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const csrf = signInAnswer.cookies.find((c) => c.name === 'portal_csrf');
    const session = signInAnswer.cookies.find((c) => c.name === 'portal_session');
    if (!csrf || !session) throw new Error('sign-in set no session or CSRF cookie');
    return {
      cookie: `portal_session=${session.value}; portal_csrf=${csrf.value}`,
      csrf: csrf.value,
      csrfCookie: csrf,
    };
  }

  it('sets a CSRF cookie the page can read at sign-in', async () => {
    const { csrfCookie } = await appWithChangeRoute();
    expect(csrfCookie.httpOnly).toBeFalsy();
    expect(csrfCookie.sameSite).toBe('Strict');
  });

  it('accepts a same-origin change carrying the CSRF token', async () => {
    const { cookie, csrf } = await appWithChangeRoute();
    const response = await app.inject({
      method: 'POST',
      url: '/api/test-change',
      headers: {
        cookie,
        'x-csrf-token': csrf,
        origin: 'http://localhost:80',
        host: 'localhost:80',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: 'avalencia' });
  });

  it.each([
    ['without the CSRF token', {}],
    ['with a wrong CSRF token', { 'x-csrf-token': 'nope' }],
  ])('refuses a change %s with 403 JSON', async (_name, extra) => {
    const { cookie } = await appWithChangeRoute();
    const response = await app.inject({
      method: 'POST',
      url: '/api/test-change',
      headers: { cookie, ...extra },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toHaveProperty('detail');
  });

  it('refuses a change from another origin even with the token', async () => {
    const { cookie, csrf } = await appWithChangeRoute();
    const response = await app.inject({
      method: 'POST',
      url: '/api/test-change',
      headers: {
        cookie,
        'x-csrf-token': csrf,
        origin: 'https://evil.example',
        host: 'localhost:80',
      },
    });
    expect(response.statusCode).toBe(403);
  });

  it('answers 401 without a session', async () => {
    await appWithChangeRoute();
    const response = await app.inject({ method: 'POST', url: '/api/test-change' });
    expect(response.statusCode).toBe(401);
  });
});
