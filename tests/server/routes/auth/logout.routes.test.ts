import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { MEMO_MS, csrfFor } from '../../../../server/plugins/app/session.js';
import { createTestApp, logOut, postDemoSignIn, signIn } from '../../helpers/app.js';

let app: FastifyInstance;
afterEach(async () => app.close());

const demoCookies = 'portal_demo=1; portal_demo_message=1';
const stillSignedIn = async (cookie: string) =>
  (await app.inject({ url: '/api/users/user', headers: { cookie } })).statusCode === 200;
const cleared = (answer: { cookies: { name: string; expires?: Date }[] }, name: string) =>
  answer.cookies.some(
    (c) => c.name === name && new Date(c.expires ?? Date.now() + 1).getTime() < Date.now(),
  );

describe('logout leaves nothing of the user in the browser', () => {
  it('a logout from the portal (a POST with the CSRF token) ends the session, sends Clear-Site-Data "cache", "storage" and clears the demo cookies', async () => {
    app = await createTestApp();
    const { cookie } = await signIn(app, 'student');
    const answer = await logOut(app, `${cookie}; ${demoCookies}`);
    expect(answer.statusCode).toBe(303);
    expect(answer.headers['clear-site-data']).toBe('"cache", "storage"');
    expect(cleared(answer, 'portal_demo')).toBe(true);
    expect(cleared(answer, 'portal_demo_message')).toBe(true);
    expect(await stillSignedIn(cookie)).toBe(false);
  });

  it('a session found ended clears the browser data too, on the user call', async () => {
    // The app's clock moves past the session memo instead of the test sleeping.
    let ahead = 0;
    app = await createTestApp({ clock: () => new Date(Date.now() + ahead) });
    const { cookie } = await signIn(app, 'student');
    await app.repositories.sessions.deleteStale(
      new Date('2100-01-01T00:00:00Z'),
      new Date('2100-01-01'),
    );
    ahead += MEMO_MS + 100;
    const answer = await app.inject({
      url: '/api/users/user',
      headers: { cookie: `${cookie}; ${demoCookies}` },
    });
    expect(answer.statusCode).toBe(401);
    expect(answer.headers['clear-site-data']).toBe('"cache", "storage"');
    expect(cleared(answer, 'portal_demo')).toBe(true);
    expect(cleared(answer, 'portal_session')).toBe(true);
  });

  it('a browser with no session cookie at all is not told to clear anything', async () => {
    app = await createTestApp();
    const answer = await app.inject({ url: '/api/users/user' });
    expect(answer.headers['clear-site-data']).toBeUndefined();
  });

  it('demo mode does not outlive a sign-in: the next person starts out of demo', async () => {
    app = await createTestApp();
    const answer = await postDemoSignIn(app, 'new-student', { cookie: demoCookies });
    expect(cleared(answer, 'portal_demo')).toBe(true);
    expect(cleared(answer, 'portal_demo_message')).toBe(true);
  });
});

describe('neither another site nor content on our pages can log someone out', () => {
  it.each([['cross-site'], ['same-site'], ['same-origin'], ['none'], [undefined]])(
    'GET /auth/logout with Sec-Fetch-Site %s shows a one-button "Log out?" page and keeps the session: logout is only by POST with the CSRF token',
    async (site) => {
      app = await createTestApp();
      const { cookie } = await signIn(app, 'student');
      const headers: Record<string, string> = { cookie };
      if (site) headers['sec-fetch-site'] = site;
      const answer = await app.inject({ url: '/auth/logout', headers });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toMatch(/text\/html/);
      expect(answer.body).toContain('<h1>Log out?</h1>');
      expect(answer.body.match(/<button/g)).toHaveLength(1);
      expect(answer.body).toContain(`value="${csrfFor(cookie.slice('portal_session='.length))}"`);
      expect(answer.headers['clear-site-data']).toBeUndefined();
      expect(await stillSignedIn(cookie)).toBe(true);
    },
  );

  it('the "Log out?" page posts the CSRF token and that logs out', async () => {
    app = await createTestApp();
    const { cookie } = await signIn(app, 'student');
    const csrf = csrfFor(cookie.slice('portal_session='.length));
    const answer = await app.inject({
      method: 'POST',
      url: '/auth/logout',
      payload: `csrf=${encodeURIComponent(csrf)}`,
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers['clear-site-data']).toBe('"cache", "storage"');
    expect(await stillSignedIn(cookie)).toBe(false);
  });

  it.each([
    ['without the token', '', {}],
    ['with a wrong token', 'csrf=wrong', {}],
    ['from another origin', 'csrf=TOKEN', { origin: 'https://evil.example' }],
  ])('a logout POST %s is refused with 403 and the session stays', async (_name, body, extra) => {
    app = await createTestApp();
    const { cookie } = await signIn(app, 'student');
    const csrf = csrfFor(cookie.slice('portal_session='.length));
    const answer = await app.inject({
      method: 'POST',
      url: '/auth/logout',
      payload: body.replace('TOKEN', encodeURIComponent(csrf)),
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', ...extra },
    });
    expect([400, 403]).toContain(answer.statusCode);
    expect(await stillSignedIn(cookie)).toBe(true);
  });

  it('a post image pointing at /auth/logout (a same-origin image request) logs nobody out', async () => {
    app = await createTestApp();
    const { cookie } = await signIn(app, 'student');
    const answer = await app.inject({
      url: '/auth/logout',
      headers: {
        cookie,
        'sec-fetch-site': 'same-origin',
        'sec-fetch-dest': 'image',
        'sec-fetch-mode': 'no-cors',
        accept: 'image/avif,image/webp,*/*',
      },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['clear-site-data']).toBeUndefined();
    expect(answer.cookies.some((c) => c.name === 'portal_session')).toBe(false);
    expect(await stillSignedIn(cookie)).toBe(true);
  });

  it('a cross-site GET without a session just goes to the portal', async () => {
    app = await createTestApp();
    const answer = await app.inject({
      url: '/auth/logout',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/');
  });
});
