import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, logOut, postDemoSignIn, sessionCookieOf, signIn } from '../helpers/app.js';

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

  it('refuses the session id in place of the token, even while the cookie’s session is remembered', async () => {
    app = await createTestApp();
    const { cookie } = await signIn(app, 'student');
    const sessionId = cookie.slice('portal_session='.length);
    // The cookie's session was checked a moment ago: the memo holds it.
    const byCookie = await app.inject({ url: '/api/users/user', headers: { cookie } });
    expect(byCookie.statusCode).toBe(200);
    for (const authorization of [`Token ${sessionId}`, `id:${sessionId}`]) {
      const response = await app.inject({
        url: '/api/preferences/user',
        headers: { authorization },
      });
      expect(response.statusCode).toBe(401);
    }
  });

  it('answers repeated calls with one token, and refuses the token at once after logout', async () => {
    app = await createTestApp();
    const { cookie, token } = await signIn(app, 'student');
    const call = () =>
      app.inject({ url: '/api/preferences/user', headers: { authorization: `Token ${token}` } });
    for (let i = 0; i < 3; i += 1) expect((await call()).statusCode).toBe(200);
    await logOut(app, cookie);
    expect((await call()).statusCode).toBe(401);
  });

  it('kills the token together with its session at logout', async () => {
    app = await createTestApp();
    const { cookie, token } = await signIn(app, 'student');
    await logOut(app, cookie);
    const response = await app.inject({
      url: '/api/preferences/user',
      headers: { authorization: `Token ${token}` },
    });
    expect(response.statusCode).toBe(401);
  });

  it('stops taking a session ended by another server process within two seconds', async () => {
    let now = new Date('2026-11-21T10:00:00Z');
    app = await createTestApp({ clock: () => now });
    const { token } = await signIn(app, 'student');
    const call = () =>
      app.inject({ url: '/api/preferences/user', headers: { authorization: `Token ${token}` } });
    expect((await call()).statusCode).toBe(200);
    // Another process signs the user out: the row goes, this process has not been told.
    await app.database.db.deleteFrom('sessions').execute();
    now = new Date(now.getTime() + 1_000);
    expect((await call()).statusCode).toBe(200);
    now = new Date(now.getTime() + 1_001);
    expect((await call()).statusCode).toBe(401);
  });

  it('does not remember a session it was reading from the store while that session ended', async () => {
    app = await createTestApp();
    const { cookie, token } = await signIn(app, 'student');
    const call = () =>
      app.inject({ url: '/api/preferences/user', headers: { authorization: `Token ${token}` } });
    const sessions = app.repositories.sessions;
    const read = sessions.findByTokenHash.bind(sessions);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let readIt = () => {};
    const wasRead = new Promise<void>((resolve) => (readIt = resolve));
    // The read finds the session, then the answer is slow to come back.
    sessions.findByTokenHash = async (tokenHash) => {
      const found = await read(tokenHash);
      readIt();
      await held;
      return found;
    };
    const begunBefore = call();
    await wasRead;
    await logOut(app, cookie);
    release();
    await begunBefore;
    sessions.findByTokenHash = read;
    expect((await call()).statusCode).toBe(401);
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
    app.post(
      '/api/test-change',
      {
        config: { access: { self: 'write', support: null, delegate: null } },
        onRequest: app.requireSession,
      },
      async (request) => ({
        user: request.auth?.user.username,
      }),
    );
    const signInAnswer = await postDemoSignIn(app, 'student');
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

describe('session lifetime', () => {
  let app: FastifyInstance;
  afterEach(async () => app.close());

  const prefs = (token: string) =>
    app.inject({ url: '/api/preferences/user', headers: { authorization: `Token ${token}` } });

  it('gives a new session id at every sign-in and ends the session the browser carried (fixation)', async () => {
    app = await createTestApp();
    const first = sessionCookieOf(await postDemoSignIn(app, 'student'));
    const firstToken = await signInToken(first);
    const second = sessionCookieOf(await postDemoSignIn(app, 'staff', { cookie: first }));
    expect(second).not.toBe(first);
    expect(
      (await app.inject({ url: '/api/users/user', headers: { cookie: first } })).statusCode,
    ).toBe(401);
    expect((await prefs(firstToken)).statusCode).toBe(401);
    expect(
      (await app.inject({ url: '/api/users/user', headers: { cookie: second } })).statusCode,
    ).toBe(200);
  });

  it('ignores a session id planted before sign-in: the server issues its own', async () => {
    app = await createTestApp();
    const planted = 'portal_session=attacker-chosen-value-0123456789abcdef';
    const answer = await postDemoSignIn(app, 'student', { cookie: planted });
    expect(sessionCookieOf(answer)).not.toBe(planted);
    expect(
      (await app.inject({ url: '/api/users/user', headers: { cookie: planted } })).statusCode,
    ).toBe(401);
  });

  it('slides the idle timeout with use, then ends the session after 30 idle minutes', async () => {
    let now = new Date('2026-11-21T10:00:00Z');
    app = await createTestApp({ clock: () => now });
    const { token } = await signIn(app, 'student');
    now = new Date('2026-11-21T10:25:00Z');
    expect((await prefs(token)).statusCode).toBe(200);
    now = new Date('2026-11-21T10:50:00Z');
    expect((await prefs(token)).statusCode).toBe(200);
    now = new Date('2026-11-21T11:20:01Z');
    expect((await prefs(token)).statusCode).toBe(401);
  });

  it('reads the timeouts from SESSION_IDLE_MINUTES and SESSION_ABSOLUTE_HOURS', async () => {
    let now = new Date('2026-11-21T10:00:00Z');
    app = await createTestApp({
      clock: () => now,
      env: { SESSION_IDLE_MINUTES: '5', SESSION_ABSOLUTE_HOURS: '1' },
    });
    const { token } = await signIn(app, 'student');
    now = new Date('2026-11-21T10:04:00Z');
    expect((await prefs(token)).statusCode).toBe(200);
    now = new Date('2026-11-21T10:09:30Z');
    expect((await prefs(token)).statusCode).toBe(401);

    const other = await signIn(app, 'staff');
    for (const minute of [14, 18, 22, 26, 30, 34, 38, 42, 46, 50, 54, 58]) {
      now = new Date(`2026-11-21T10:${minute}:00Z`);
      expect((await prefs(other.token)).statusCode).toBe(200);
    }
    now = new Date('2026-11-21T11:10:00Z');
    expect((await prefs(other.token)).statusCode).toBe(401);
  });

  it('ends the session cookie and the token together at logout', async () => {
    app = await createTestApp();
    const { cookie, token } = await signIn(app, 'student');
    const logout = await logOut(app, cookie);
    const cleared = logout.cookies.filter((c) => c.name.startsWith('portal_'));
    expect(cleared.map((c) => c.name).sort()).toEqual([
      'portal_csrf',
      'portal_demo',
      'portal_demo_message',
      'portal_session',
    ]);
    for (const c of cleared) expect(new Date(c.expires ?? 0).getTime()).toBeLessThan(Date.now());
    expect((await prefs(token)).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/users/user', headers: { cookie } })).statusCode).toBe(
      401,
    );
  });

  async function signInToken(cookie: string) {
    const user = await app.inject({ url: '/api/users/user', headers: { cookie } });
    return z.object({ auth_token: z.string() }).parse(user.json()).auth_token;
  }
});

describe('guards', () => {
  let app: FastifyInstance;
  afterEach(async () => app.close());

  it('a guard declared as the route’s onRequest hook answers 401 before the query or body is validated', async () => {
    app = await createTestApp();
    app.post(
      '/api/test-strict',
      {
        config: { access: { self: 'write', support: null, delegate: null } },
        onRequest: app.requireToken,
        schema: {
          querystring: z.object({ n: z.coerce.number() }),
          body: z.object({ a: z.string() }),
        },
      },
      async () => ({ ok: true }),
    );
    const response = await app.inject({ method: 'POST', url: '/api/test-strict?n=x', payload: [] });
    expect(response.statusCode).toBe(401);
  });

  it('lets staff through requireStaff and answers 403 JSON to everyone else', async () => {
    app = await createTestApp();
    app.get(
      '/api/test-staff',
      {
        config: { access: { self: 'read', support: 'read', delegate: null } },
        onRequest: [app.requireToken, app.requireStaff],
      },
      async () => ({
        ok: true,
      }),
    );
    const call = async (persona: 'staff' | 'student' | 'faculty') => {
      const { token } = await signIn(app, persona);
      return app.inject({ url: '/api/test-staff', headers: { authorization: `Token ${token}` } });
    };
    expect((await call('staff')).statusCode).toBe(200);
    for (const persona of ['student', 'faculty'] as const) {
      const refused = await call(persona);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toHaveProperty('detail');
    }
    expect((await app.inject({ url: '/api/test-staff' })).statusCode).toBe(401);
  });
});
