import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { personaIdSchema } from '../../../../contract/persona.schema.js';
import { createTestApp, sessionCookieOf } from '../../helpers/app.js';

describe('demo sign-in', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await createTestApp();
  });
  afterEach(async () => app.close());

  it('lists every persona as a form posting persona and next', async () => {
    const page = await app.inject({ url: '/auth/login?next=%2Facademics' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    for (const persona of personaIdSchema.options) {
      expect(page.body).toContain(`name="persona" value="${persona}"`);
    }
    expect(page.body.match(/action="\/auth\/demo-sign-in"/g)).toHaveLength(
      personaIdSchema.options.length,
    );
    expect(page.body).toContain('name="next" value="/academics"');
  });

  it('does not echo an unsafe next into the page', async () => {
    const page = await app.inject({ url: '/auth/login?next=https://evil.example/' });
    expect(page.body).not.toContain('evil.example');
  });

  it('starts a session with an HttpOnly SameSite=Lax cookie and answers 303 to next', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/auth/demo-sign-in',
      payload: 'persona=student&next=%2Facademics',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/academics');
    const cookie = response.cookies.find((c) => c.name === 'portal_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  });

  it('redirects an absolute next to the dashboard', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/auth/demo-sign-in',
      payload: 'persona=student&next=%2F%2Fevil.example',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.headers.location).toBe('/');
  });

  it('refuses an unknown persona with a 400 naming the field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/auth/demo-sign-in',
      payload: 'persona=wizard',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/^persona: /);
  });

  it('ends the session on the server at logout, so the old cookie no longer signs in', async () => {
    const signIn = await app.inject({
      method: 'POST',
      url: '/auth/demo-sign-in',
      payload: 'persona=staff',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const cookie = sessionCookieOf(signIn);
    const logout = await app.inject({ url: '/auth/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(303);
    expect(logout.headers.location).toBe('/');
    const user = await app.inject({ url: '/api/users/user', headers: { cookie } });
    expect(user.statusCode).toBe(401);
  });
});
