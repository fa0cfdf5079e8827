import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { userSchema } from '../../../../contract/user.schema.js';
import { createTestApp, logOut, sessionCookieOf } from '../../helpers/app.js';
import { signInAtProvider } from '../../helpers/oidc-login.js';
import { TEST_CLIENT, startTestProvider } from '../../helpers/oidc-provider.js';
import type { TestProvider } from '../../helpers/oidc-provider.js';
import { matching } from '../../../matchers.js';

const REDIRECT_URI = 'http://127.0.0.1:8080/auth/callback';
const AFTER_LOGOUT = 'http://127.0.0.1:8080/';

const cookieOf = (response: LightMyRequestResponse, name: string) => {
  const found = response.cookies.find((c) => c.name === name);
  if (!found) throw new Error(`no ${name} cookie`);
  return found;
};

describe('sign-in through OpenID Connect', () => {
  let provider: TestProvider;
  let app: FastifyInstance;

  beforeAll(async () => {
    provider = await startTestProvider({
      redirectUri: REDIRECT_URI,
      postLogoutRedirectUri: AFTER_LOGOUT,
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

  /** /auth/login, the provider's sign-in, and the callback: the callback's answer. */
  async function signInAs(login: string, next = '/academics', cookie = '') {
    const start = await app.inject({
      url: `/auth/login?next=${encodeURIComponent(next)}`,
      headers: { cookie },
    });
    const transaction = cookieOf(start, 'portal_oidc');
    const back = await signInAtProvider(start.headers.location as string, login, REDIRECT_URI);
    const callback = `${back.pathname}${back.search}`;
    const headers = {
      cookie: [cookie, `portal_oidc=${transaction.value}`].filter(Boolean).join('; '),
    };
    return { answer: await app.inject({ url: callback, headers }), callback, headers };
  }

  async function userOf(cookie: string) {
    return userSchema.parse(
      (await app.inject({ url: '/api/users/user', headers: { cookie } })).json(),
    );
  }

  it('starts with the authorization code flow, PKCE S256, state and nonce', async () => {
    app = await oidcApp();
    const start = await app.inject({ url: '/auth/login?next=%2Facademics' });
    expect(start.statusCode).toBe(303);
    const url = new URL(start.headers.location as string);
    expect(url.origin).toBe(provider.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: TEST_CLIENT.id,
      redirect_uri: REDIRECT_URI,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      code_challenge: matching(/^[A-Za-z0-9_-]{43}$/),
      state: matching(/.{20,}/),
      nonce: matching(/.{20,}/),
    });
    const transaction = cookieOf(start, 'portal_oidc');
    expect(transaction).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/auth' });
    expect(transaction.value).not.toContain(url.searchParams.get('state'));
  });

  it('maps the claims to a user, signs in and lands on the next path', async () => {
    app = await oidcApp();
    const { answer } = await signInAs('kparker', '/academics?term=202504');
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/academics?term=202504');
    const user = await userOf(sessionCookieOf(answer));
    expect(user).toMatchObject({
      username: 'kparker',
      email: 'kparker@campus.example.edu',
      first_name: 'Kim',
      last_name: 'Parker',
      primary_role: 'student',
      other_roles: [],
      is_staff: false,
    });
    const [entry] = await app.repositories.audit.latest(1);
    expect(entry).toMatchObject({
      username: 'kparker',
      action: 'auth.signIn',
      detail: { method: 'oidc' },
    });
  });

  it('keeps an email claim that is a list of addresses as no address, never as several', async () => {
    app = await oidcApp();
    const { answer } = await signInAs('listmail');
    expect(answer.statusCode).toBe(303);
    const user = await userOf(sessionCookieOf(answer));
    expect(user).toMatchObject({ username: 'listmail', email: '' });
  });

  it("takes roles from the SIS record, and never staff rights from a persona's username", async () => {
    app = await oidcApp();
    const { answer } = await signInAs('mchen', '/');
    const user = await userOf(sessionCookieOf(answer));
    expect(user).toMatchObject({
      username: 'mchen',
      email: 'morgan.chen@campus.example.edu',
      primary_role: 'staff',
      is_staff: false,
      is_superuser: false,
      can_use_demo: false,
    });
  });

  it('gives a new session at every sign-in and ends the one the browser carried', async () => {
    app = await oidcApp();
    const first = sessionCookieOf((await signInAs('kparker')).answer);
    const second = sessionCookieOf((await signInAs('kparker', '/', first)).answer);
    expect(second).not.toBe(first);
    expect(
      (await app.inject({ url: '/api/users/user', headers: { cookie: first } })).statusCode,
    ).toBe(401);
  });

  it('refuses a callback without the transaction cookie with 400 and records the failure', async () => {
    app = await oidcApp();
    const { callback } = await signInAs('kparker');
    const replay = await app.inject({ url: callback });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toHaveProperty('detail');
    expect(replay.cookies.find((c) => c.name === 'portal_session')).toBeUndefined();
    const [entry] = await app.repositories.audit.latest(1);
    expect(entry).toMatchObject({ action: 'auth.signInFailed', username: null });
  });

  it('when the SIS does not answer, no session starts: the sign-in problem page, audited with the method', async () => {
    app = await createTestApp({
      env: {
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: TEST_CLIENT.id,
        OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
        OIDC_REDIRECT_URI: REDIRECT_URI,
        // Nothing listens on port 9: every read of the person's record fails.
        SIS_BASE_URL: 'http://127.0.0.1:9',
        SIS_TIMEOUT_MS: '500',
      },
    });
    const { answer } = await signInAs('kparker');
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({
      detail: 'Your university record cannot be read right now. Please try again in a moment.',
    });
    expect(answer.cookies.find((c) => c.name === 'portal_session')).toBeUndefined();
    const [entry] = await app.repositories.audit.latest(1);
    expect(entry).toMatchObject({ action: 'auth.signInFailed', username: null });
    expect(entry?.detail).toEqual({ method: 'oidc', reason: 'sis' });
  });

  it('refuses a code used a second time', async () => {
    app = await oidcApp();
    const { callback, headers } = await signInAs('kparker');
    const again = await app.inject({ url: callback, headers });
    expect(again.statusCode).toBe(400);
    expect(again.cookies.find((c) => c.name === 'portal_session')).toBeUndefined();
    const [entry] = await app.repositories.audit.latest(1);
    expect(entry?.detail).toEqual({ method: 'oidc', reason: 'invalid-response' });
  });

  it('refuses a callback whose state belongs to another sign-in', async () => {
    app = await oidcApp();
    const other = await app.inject({ url: '/auth/login' });
    const { callback } = await signInAs('kparker');
    const answer = await app.inject({
      url: callback,
      headers: { cookie: `portal_oidc=${cookieOf(other, 'portal_oidc').value}` },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.cookies.find((c) => c.name === 'portal_session')).toBeUndefined();
  });

  it('answers 403 when the provider reports an error, as a page for a browser', async () => {
    app = await oidcApp();
    const start = await app.inject({ url: '/auth/login' });
    const state = new URL(start.headers.location as string).searchParams.get('state') ?? '';
    const answer = await app.inject({
      url: `/auth/callback?error=access_denied&state=${state}`,
      headers: {
        cookie: `portal_oidc=${cookieOf(start, 'portal_oidc').value}`,
        accept: 'text/html',
      },
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.body).toContain('Sign-in did not complete');
  });

  it('refuses an account whose claims carry no username', async () => {
    app = await oidcApp();
    const { answer } = await signInAs('nameless');
    expect(answer.statusCode).toBe(403);
    expect(answer.cookies.find((c) => c.name === 'portal_session')).toBeUndefined();
    const [entry] = await app.repositories.audit.latest(1);
    expect(entry?.detail).toEqual({ method: 'oidc', reason: 'no-username' });
  });

  it("logs out locally, then sends the browser to the provider's end-session endpoint", async () => {
    app = await oidcApp();
    const { answer } = await signInAs('kparker');
    const session = sessionCookieOf(answer);
    const idToken = cookieOf(answer, 'portal_idt');
    const cookie = `${session}; portal_idt=${idToken.value}`;
    const { auth_token: token } = await userOf(session);

    // The logout form's answer redirects to the provider: the pages' CSP lets a form lead there.
    const page = await app.inject({ url: '/auth/logout', headers: { cookie } });
    expect(page.headers['content-security-policy']).toContain(
      `form-action 'self' ${new URL(provider.issuer).origin}`,
    );
    const logout = await logOut(app, cookie);
    expect(logout.statusCode).toBe(303);
    const to = new URL(logout.headers.location as string);
    expect(to.origin).toBe(provider.issuer);
    expect(to.searchParams.get('post_logout_redirect_uri')).toBe(AFTER_LOGOUT);
    expect(to.searchParams.get('client_id')).toBe(TEST_CLIENT.id);
    expect(to.searchParams.get('id_token_hint')).toMatch(/^ey/);
    const ended = await app.inject({
      url: '/api/preferences/user',
      headers: { authorization: `Token ${token}` },
    });
    expect(ended.statusCode).toBe(401);
    const [entry] = await app.repositories.audit.latest(1);
    expect(entry).toMatchObject({ username: 'kparker', action: 'auth.signOut' });
  });

  it('answers 503 when the provider stops answering between sign-in and callback', async () => {
    const gone = await startTestProvider({
      redirectUri: REDIRECT_URI,
      postLogoutRedirectUri: AFTER_LOGOUT,
    });
    app = await createTestApp({
      env: {
        OIDC_ISSUER: gone.issuer,
        OIDC_CLIENT_ID: TEST_CLIENT.id,
        OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
        OIDC_REDIRECT_URI: REDIRECT_URI,
      },
    });
    const start = await app.inject({ url: '/auth/login' });
    const state = new URL(start.headers.location as string).searchParams.get('state') ?? '';
    await gone.close();
    const query = new URLSearchParams({ code: 'a-code', state, iss: gone.issuer });
    const answer = await app.inject({
      url: `/auth/callback?${query}`,
      headers: { cookie: `portal_oidc=${cookieOf(start, 'portal_oidc').value}` },
    });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ detail: matching(/sign-in service/) });
  });
});
