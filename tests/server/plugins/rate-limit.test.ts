import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { redisForSuite, redisUrlForTests } from '../cache/stores.js';
import { createTestApp, signIn } from '../helpers/app.js';
import { matching } from '../../matchers.js';
import { buildApp } from '../../../server/app.js';
import { loadConfig } from '../../../server/config.js';
import { openDatabase } from '../../../server/db/database.js';
import { csrfFor } from '../../../server/plugins/app/session.js';

/** Where the counters live: in the process, and in Redis too when REDIS_URL is set. */
function counterStores() {
  const stores: Array<{ name: string; env: () => Record<string, string> }> = [
    { name: 'counters in the process', env: () => ({}) },
  ];
  const url = redisUrlForTests();
  if (!url) return stores;
  const redis = redisForSuite(url, 'rate-limit');
  let n = 0;
  stores.push({
    name: 'counters in Redis',
    // A prefix per test: the suite reuses addresses, and counters outlive an app.
    env: () => ({ REDIS_URL: url, REDIS_KEY_PREFIX: `${redis.prefix}${++n}:` }),
  });
  return stores;
}

describe.each(counterStores())('rate limits ($name)', ({ env }) => {
  let app: FastifyInstance;
  afterEach(async () => app.close());

  it('allows 20 sign-in attempts a minute per address by default, then answers 429 JSON with Retry-After', async () => {
    app = await createTestApp({
      env: { ...env(), RATE_LIMIT_SIGN_IN_PER_MINUTE: '20', RATE_LIMIT_API_PER_MINUTE: '1000' },
    });
    // A forged form (wrong token) is refused 403, but it is an attempt all the same.
    const from = (address: string) =>
      app.inject({
        method: 'POST',
        url: '/auth/demo-sign-in',
        remoteAddress: address,
        payload: 'persona=student&csrf=wrong',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    for (let i = 0; i < 20; i += 1) expect((await from('203.0.113.7')).statusCode).toBe(403);
    const refused = await from('203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: matching(/Too many requests/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('198.51.100.9')).statusCode).toBe(403);
  });

  it('limits /auth/login per address on a counter of its own, at the API limit: viewing the sign-in page never uses up the attempts', async () => {
    app = await createTestApp({
      env: { ...env(), RATE_LIMIT_SIGN_IN_PER_MINUTE: '2', RATE_LIMIT_API_PER_MINUTE: '2' },
    });
    const view = (address: string) => app.inject({ url: '/auth/login', remoteAddress: address });
    for (let i = 0; i < 2; i += 1) expect((await view('203.0.113.8')).statusCode).toBe(200);
    const refused = await view('203.0.113.8');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await view('198.51.100.10')).statusCode).toBe(200);
    const attempt = await app.inject({
      method: 'POST',
      url: '/auth/demo-sign-in',
      remoteAddress: '203.0.113.8',
      payload: 'persona=student&csrf=wrong',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(attempt.statusCode).toBe(403);
  });

  it('limits API calls per session, without one session using up another', async () => {
    app = await createTestApp({ env: { ...env(), RATE_LIMIT_API_PER_MINUTE: '5' } });
    const a = await signIn(app, 'student');
    const b = await signIn(app, 'staff');
    const call = (token: string) =>
      app.inject({ url: '/api/preferences/user', headers: { authorization: `Token ${token}` } });
    // Signing in read the user once with the session cookie: the same session, so 4 calls are left.
    for (let i = 0; i < 4; i += 1) expect((await call(a.token)).statusCode).toBe(200);
    const refused = await call(a.token);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json()).toHaveProperty('detail');
    expect((await call(b.token)).statusCode).toBe(200);
  });

  it('counts an API call before the guard refuses its token: a flood of one invalid token gets 429 after RATE_LIMIT_API_PER_MINUTE', async () => {
    app = await createTestApp({ env: { ...env(), RATE_LIMIT_API_PER_MINUTE: '5' } });
    const call = () =>
      app.inject({
        url: '/api/preferences/user',
        headers: { authorization: `Token ${'x'.repeat(43)}` },
        remoteAddress: '203.0.113.20',
      });
    for (let i = 0; i < 5; i += 1) expect((await call()).statusCode).toBe(401);
    const refused = await call();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: matching(/Too many requests/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts refused credentials against the address: a flood of different invalid tokens gets 429 after RATE_LIMIT_API_PER_MINUTE', async () => {
    app = await createTestApp({ env: { ...env(), RATE_LIMIT_API_PER_MINUTE: '5' } });
    const call = (i: number, remoteAddress = '203.0.113.21') =>
      app.inject({
        url: '/api/preferences/user',
        headers: { authorization: `Token ${String(i).padStart(43, 'y')}` },
        remoteAddress,
      });
    const answers: number[] = [];
    for (let i = 0; i < 8; i += 1) answers.push((await call(i)).statusCode);
    expect(answers.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(answers.slice(5)).toEqual([429, 429, 429]);
    // Another address is not held back by this one's refused tokens.
    expect((await call(99, '198.51.100.21')).statusCode).toBe(401);
  });

  it('limits a student calling the admin and the grants API, which their guards refuse', async () => {
    app = await createTestApp({ env: { ...env(), RATE_LIMIT_API_PER_MINUTE: '6' } });
    const { cookie } = await signIn(app, 'student');
    const csrf = csrfFor(cookie.slice('portal_session='.length));
    const headers = { cookie, 'x-csrf-token': csrf };
    const answers: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      answers.push((await app.inject({ url: '/admin', headers })).statusCode);
      answers.push(
        (await app.inject({ method: 'PUT', url: '/api/admin/grants/ajones/superuser', headers }))
          .statusCode,
      );
    }
    // Signing in read the user once with this session: 5 of the 6 calls were left.
    expect(answers).toEqual([403, 403, 403, 403, 403, 429]);
  });

  it('does not limit health checks', async () => {
    app = await createTestApp({ env: { ...env(), RATE_LIMIT_API_PER_MINUTE: '1' } });
    for (let i = 0; i < 5; i += 1)
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('rate limits while Redis is away', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  it('keeps counting in the process while Redis does not answer, and warns once per outage', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const config = loadConfig({
      NODE_ENV: 'test',
      CLIENT_DIR: '/nonexistent-client-dir',
      LOG_LEVEL: 'warn',
      // Nothing listens on port 1: every call to Redis fails.
      REDIS_URL: 'redis://127.0.0.1:1',
      RATE_LIMIT_API_PER_MINUTE: '3',
    });
    const database = await openDatabase({ sqliteFile: ':memory:' });
    app = await buildApp({ config, database, logger: { level: 'warn', stream } });
    const answers: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const answer = await app.inject({
        url: '/api/preferences/user',
        remoteAddress: '203.0.113.30',
      });
      answers.push(answer.statusCode);
    }
    expect(answers).toEqual([401, 401, 401, 429, 429, 429]);
    const warnings = lines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((entry) => entry.level === 40 && /rate limits/i.test(entry.msg));
    expect(warnings).toHaveLength(1);
  });
});
