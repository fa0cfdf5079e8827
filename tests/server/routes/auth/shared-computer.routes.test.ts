import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KEEP_UNTIL_HEADER } from '../../../../contract/offline.rules.js';
import { userSchema } from '../../../../contract/user.schema.js';
import { createTestApp, openSignInPage, sessionCookieOf } from '../../helpers/app.js';
import { signInAtProvider } from '../../helpers/oidc-login.js';
import { TEST_CLIENT, startTestProvider } from '../../helpers/oidc-provider.js';
import type { TestProvider } from '../../helpers/oidc-provider.js';

const REDIRECT_URI = 'http://127.0.0.1:8080/auth/callback';
const start = new Date('2026-11-25T09:00:00Z');
const policy = { idleMs: 30 * 60_000, absoluteMs: 12 * 3_600_000 };

/** Signs in on the demo page as the student, with the box ticked or not; the session cookie. */
async function demoSignIn(app: FastifyInstance, shared: boolean) {
  const page = await openSignInPage(app);
  const fields = {
    persona: 'student',
    csrf: page.csrf,
    next: '/',
    ...(shared ? { shared: '1' } : {}),
  };
  const answer = await app.inject({
    method: 'POST',
    url: '/auth/demo-sign-in',
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: page.cookie },
  });
  expect(answer.statusCode).toBe(303);
  return sessionCookieOf(answer);
}

describe('how long the installed app may keep a signed-in answer (x-keep-until)', () => {
  let app: FastifyInstance;
  let now = start;
  afterEach(async () => app.close());

  it('says when the session ends on every signed-in answer: its idle end, never past its absolute end', async () => {
    now = start;
    const short = { idleMs: 60 * 60_000, absoluteMs: 2 * 3_600_000 };
    app = await createTestApp({ clock: () => now, sessionPolicy: short });
    const cookie = await demoSignIn(app, false);
    const user = await app.inject({ url: '/api/users/user', headers: { cookie } });
    expect(user.headers[KEEP_UNTIL_HEADER]).toBe('2026-11-25T10:00:00.000Z');
    const token = userSchema.parse(user.json()).auth_token;
    const read = async (minutes: number) => {
      now = new Date(start.getTime() + minutes * 60_000);
      const answer = await app.inject({
        url: '/api/coursework',
        headers: { authorization: `Token ${token}` },
      });
      expect(answer.statusCode).toBe(200);
      return answer.headers[KEEP_UNTIL_HEADER];
    };
    // Used again, the session slides: its end moves with it.
    expect(await read(50)).toBe('2026-11-25T10:50:00.000Z');
    // The idle end (11:40) is past the absolute end (11:00): the absolute end.
    expect(await read(100)).toBe('2026-11-25T11:00:00.000Z');
    // A refused answer says nothing: there is no session to keep it for.
    const refused = await app.inject({ url: '/api/coursework' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers[KEEP_UNTIL_HEADER]).toBeUndefined();
  });

  it('"This is a shared computer" ticked: every answer of that session says keep nothing', async () => {
    now = start;
    app = await createTestApp({ clock: () => now, sessionPolicy: policy });
    const cookie = await demoSignIn(app, true);
    const user = await app.inject({ url: '/api/users/user', headers: { cookie } });
    expect(user.headers[KEEP_UNTIL_HEADER]).toBe('nothing');
    const token = userSchema.parse(user.json()).auth_token;
    const read = await app.inject({
      url: '/api/coursework',
      headers: { authorization: `Token ${token}` },
    });
    expect(read.headers[KEEP_UNTIL_HEADER]).toBe('nothing');
    // The next sign-in on the same browser, box not ticked, is kept again.
    const again = await demoSignIn(app, false);
    const next = await app.inject({ url: '/api/users/user', headers: { cookie: again } });
    expect(next.headers[KEEP_UNTIL_HEADER]).toBe('2026-11-25T09:30:00.000Z');
  });

  it('refuses a shared field other than the ticked box', async () => {
    app = await createTestApp();
    const page = await openSignInPage(app);
    const answer = await app.inject({
      method: 'POST',
      url: '/auth/demo-sign-in',
      payload: new URLSearchParams({
        persona: 'student',
        csrf: page.csrf,
        shared: 'yes',
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: page.cookie },
    });
    expect(answer.statusCode).toBe(400);
  });

  it("the apps' sign-in address is the demo sign-in page itself with the demo sign-in", async () => {
    app = await createTestApp();
    const answer = await app.inject({ url: '/auth/sign-in?next=%2Facademics' });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/auth/login?next=%2Facademics');
  });
});

describe('"This is a shared computer" before a provider sign-in (OpenID Connect)', () => {
  let provider: TestProvider;
  let app: FastifyInstance;
  beforeAll(async () => {
    provider = await startTestProvider({
      redirectUri: REDIRECT_URI,
      postLogoutRedirectUri: 'http://127.0.0.1:8080/',
    });
  });
  afterAll(async () => provider.close());
  afterEach(async () => app.close());

  const oidcApp = () =>
    createTestApp({
      env: {
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: TEST_CLIENT.id,
        OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
        OIDC_REDIRECT_URI: REDIRECT_URI,
      },
    });

  /** The portal's page, its form sent to /auth/login, the provider, the callback: what it kept. */
  async function signInThroughPage(shared: boolean) {
    const page = await app.inject({ url: '/auth/sign-in?next=%2Facademics' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('action="/auth/login"');
    expect(page.body).toMatch(
      /type="checkbox" name="shared" value="1"\/>This is a shared computer/,
    );
    expect(page.body).toContain('name="next" value="/academics"');
    const query = new URLSearchParams({ next: '/academics', ...(shared ? { shared: '1' } : {}) });
    const login = await app.inject({ url: `/auth/login?${query.toString()}` });
    expect(login.statusCode).toBe(303);
    const cookies = login.cookies.filter((c) => c.value !== '');
    const back = await signInAtProvider(String(login.headers.location), 'kparker', REDIRECT_URI);
    const callback = await app.inject({
      url: `${back.pathname}${back.search}`,
      headers: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') },
    });
    expect(callback.statusCode).toBe(303);
    // The choice's cookie is taken at the callback.
    const taken = callback.cookies.find((c) => c.name === 'portal_shared');
    if (shared) expect(taken?.value).toBe('');
    const user = await app.inject({
      url: '/api/users/user',
      headers: { cookie: sessionCookieOf(callback) },
    });
    return user.headers[KEEP_UNTIL_HEADER];
  }

  it('the box ticked on the portal page before the provider makes the session keep nothing offline', async () => {
    app = await oidcApp();
    expect(await signInThroughPage(true)).toBe('nothing');
  });

  it('not ticked, the session is kept until its end', async () => {
    app = await oidcApp();
    expect(await signInThroughPage(false)).toMatch(/^\d{4}-\d\d-\d\dT/);
  });
});
