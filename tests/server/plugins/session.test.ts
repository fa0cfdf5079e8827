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
