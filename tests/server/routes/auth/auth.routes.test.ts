import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { personaIdSchema } from '../../../../contract/persona.schema.js';
import {
  createTestApp,
  logOut,
  openSignInPage,
  postDemoSignIn,
  sessionCookieOf,
} from '../../helpers/app.js';
import { matching } from '../../../matchers.js';

const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe('demo sign-in', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await createTestApp();
  });
  afterEach(async () => app.close());

  it('lists every persona as a button of one form posting persona, next, the CSRF token and the shared-computer box', async () => {
    const { page, csrf } = await openSignInPage(app, '/academics');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    for (const persona of personaIdSchema.options) {
      expect(page.body).toContain(`value="${persona}" name="persona"`);
    }
    expect(page.body.match(/action="\/auth\/demo-sign-in"/g)).toHaveLength(1);
    expect(page.body).toContain('name="next" value="/academics"');
    expect(page.body.match(/name="csrf" value="([^"]+)"/g)).toHaveLength(1);
    expect(page.body).toMatch(
      /type="checkbox" name="shared" value="1"\/>This is a shared computer/,
    );
    expect(csrf).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  it('sets the sign-in cookie HttpOnly and keeps it across page loads, so several tabs work', async () => {
    const first = await app.inject({ url: '/auth/login' });
    const login = first.cookies.find((c) => c.name === 'portal_login');
    expect(login).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/auth' });
    const again = await app.inject({
      url: '/auth/login',
      headers: { cookie: `portal_login=${login?.value}` },
    });
    expect(again.cookies.find((c) => c.name === 'portal_login')).toBeUndefined();
    const token = (body: string) => /name="csrf" value="([^"]+)"/.exec(body)?.[1];
    expect(token(again.body)).toBe(token(first.body));
  });

  it('the sign-in page follows Accept-Language: es before anyone signs in, and is English otherwise (issue 59)', async () => {
    const spanish = await app.inject({
      url: '/auth/login',
      headers: { 'accept-language': 'es-US,es;q=0.9,en;q=0.5' },
    });
    expect(spanish.body).toContain('<html lang="es"');
    expect(spanish.body).toContain('<title>Iniciar sesión · ');
    expect(spanish.body).toMatch(/<h1>Inicie sesión en [^<]+<\/h1>/);
    expect(spanish.body).toContain('No se necesita contraseña.');
    expect(spanish.body).not.toMatch(/Sign in|No password/);
    const english = await app.inject({ url: '/auth/login', headers: { 'accept-language': 'fr' } });
    expect(english.body).toContain('<html lang="en"');
    expect(english.body).toContain('Demo sign-in: choose a person to continue as.');
  });

  it('issue 76: the sign-in page’s persona names and roles are Spanish in Spanish', async () => {
    const spanish = await app.inject({
      url: '/auth/login',
      headers: { 'accept-language': 'es-US,es;q=0.9' },
    });
    expect(spanish.body).toContain('Estudiante nuevo');
    expect(spanish.body).toContain('Ana Valencia · estudiante');
    expect(spanish.body).toContain('Profesor emérito');
    expect(spanish.body).not.toMatch(
      />[^<]*\b(Student|Staff|Faculty|Advisor|Emeritus faculty|New student)\b/,
    );
    const english = await app.inject({ url: '/auth/login', headers: { 'accept-language': 'en' } });
    expect(english.body).toContain('Ana Valencia · student');
    expect(english.body).toContain('New student');
  });

  it('does not echo an unsafe next into the page', async () => {
    const page = await app.inject({ url: '/auth/login?next=https://evil.example/' });
    expect(page.body).not.toContain('evil.example');
  });

  it('starts a session with an HttpOnly SameSite=Lax cookie and answers 303 to next', async () => {
    const response = await postDemoSignIn(app, 'student', { next: '/academics' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/academics');
    const cookie = response.cookies.find((c) => c.name === 'portal_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
  });

  it('marks the session cookie Secure when NODE_ENV=production', async () => {
    await app.close();
    app = await createTestApp({ env: { NODE_ENV: 'production', DEMO_SIGN_IN: '1' } });
    const response = await postDemoSignIn(app, 'student');
    expect(response.cookies.find((c) => c.name === 'portal_session')?.secure).toBe(true);
  });

  it('redirects an absolute next to the dashboard', async () => {
    const response = await postDemoSignIn(app, 'student', { next: '//evil.example' });
    expect(response.headers.location).toBe('/');
  });

  it('refuses an unknown persona with a 400 naming the field', async () => {
    const response = await postDemoSignIn(app, 'wizard');
    expect(response.statusCode).toBe(400);
    expect(response.json<{ detail: string }>().detail).toMatch(/^persona: /);
  });

  it('refuses a sign-in form without its CSRF token with a 400 naming the field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/auth/demo-sign-in',
      payload: 'persona=student',
      headers: form,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ detail: string }>().detail).toMatch(/^csrf: /);
  });

  it('refuses a forged sign-in post (a token without its cookie) with 403 JSON', async () => {
    const { csrf } = await openSignInPage(app);
    const response = await app.inject({
      method: 'POST',
      url: '/auth/demo-sign-in',
      payload: new URLSearchParams({ persona: 'staff', csrf }).toString(),
      headers: form,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: matching(/CSRF/) });
    expect(response.cookies.find((c) => c.name === 'portal_session')).toBeUndefined();
    const [entry] = await app.repositories.audit.latest(1);
    expect(entry).toMatchObject({
      action: 'auth.signInFailed',
      username: null,
      detail: { method: 'demo', reason: 'csrf' },
    });
  });

  it('a refused sign-in’s problem page follows Accept-Language: es (issue 59), title, words and link', async () => {
    const { csrf } = await openSignInPage(app);
    const response = await app.inject({
      method: 'POST',
      url: '/auth/demo-sign-in',
      payload: new URLSearchParams({ persona: 'staff', csrf }).toString(),
      headers: { ...form, accept: 'text/html', 'accept-language': 'es-MX,es;q=0.8' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-language']).toBe('es');
    expect(response.body).toContain('<html lang="es"');
    expect(response.body).toContain('<h1>Inicio de sesión rechazado</h1>');
    expect(response.body).toContain('vuelva a cargar la página de inicio de sesión');
    expect(response.body).toMatch(
      /<a href="\/auth\/login\?next=[^"]*">Volver a iniciar sesión<\/a>/,
    );
    expect(response.body).not.toMatch(/Sign-in refused|Back to sign-in/);
  });

  it('refuses a token that belongs to another sign-in cookie', async () => {
    const mine = await openSignInPage(app);
    const theirs = await openSignInPage(app);
    const response = await app.inject({
      method: 'POST',
      url: '/auth/demo-sign-in',
      payload: new URLSearchParams({ persona: 'staff', csrf: theirs.csrf }).toString(),
      headers: { ...form, cookie: mine.cookie },
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses a sign-in posted from another origin even with a valid pair, as a page to a browser', async () => {
    const response = await postDemoSignIn(app, 'staff', {
      headers: { origin: 'https://evil.example', host: 'localhost', accept: 'text/html' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('href="/auth/login?next=%2F"');
  });

  it('accepts a sign-in posted from its own origin', async () => {
    const response = await postDemoSignIn(app, 'staff', {
      headers: { origin: 'http://localhost', host: 'localhost' },
    });
    expect(response.statusCode).toBe(303);
  });

  it('records sign-in and sign-out in the audit log: who, what, when, from where', async () => {
    await app.close();
    const now = new Date('2026-11-21T09:30:00Z');
    app = await createTestApp({ clock: () => now });
    const cookie = sessionCookieOf(await postDemoSignIn(app, 'faculty'));
    await logOut(app, cookie);
    const [signOut, signInEntry] = await app.repositories.audit.latest(2);
    expect(signInEntry).toMatchObject({
      at: now,
      username: 'rpatel',
      action: 'auth.signIn',
      detail: { method: 'demo', persona: 'faculty' },
      address: '127.0.0.1',
    });
    expect(signOut).toMatchObject({ at: now, username: 'rpatel', action: 'auth.signOut' });
    expect(signOut?.userId).toBe(signInEntry?.userId);
  });

  it('ends the session on the server at logout, so the old cookie no longer signs in', async () => {
    const cookie = sessionCookieOf(await postDemoSignIn(app, 'staff'));
    const logout = await logOut(app, cookie);
    expect(logout.statusCode).toBe(303);
    expect(logout.headers.location).toBe('/');
    const cleared = logout.cookies.find((c) => c.name === 'portal_session');
    expect(cleared?.value).toBe('');
    const user = await app.inject({ url: '/api/users/user', headers: { cookie } });
    expect(user.statusCode).toBe(401);
  });
});

describe('sign-in with OpenID Connect configured', () => {
  let app: FastifyInstance;
  afterEach(async () => app.close());

  it('has no demo sign-in: when OIDC is configured the demo sign-in is off', async () => {
    app = await createTestApp({
      env: {
        OIDC_ISSUER: 'http://127.0.0.1:9/',
        OIDC_CLIENT_ID: 'portal',
        OIDC_REDIRECT_URI: 'http://127.0.0.1:8080/auth/callback',
        DEMO_SIGN_IN: '1',
      },
    });
    const post = await app.inject({
      method: 'POST',
      url: '/auth/demo-sign-in',
      payload: 'persona=staff&csrf=x',
      headers: form,
    });
    expect(post.statusCode).toBe(404);
    const page = await app.inject({ url: '/auth/login', headers: { accept: 'text/html' } });
    expect(page.body).not.toContain('Sign in as');
  });

  it('answers 503 with a detail when the provider cannot be reached', async () => {
    app = await createTestApp({
      env: {
        OIDC_ISSUER: 'http://127.0.0.1:9/',
        OIDC_CLIENT_ID: 'portal',
        OIDC_REDIRECT_URI: 'http://127.0.0.1:8080/auth/callback',
      },
    });
    const response = await app.inject({ url: '/auth/login?next=%2F' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ detail: matching(/sign-in service/) });
  });
});
