import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { redisForSuite, redisUrlForTests } from '../cache/stores.js';
import { createTestApp, signIn } from '../helpers/app.js';
import { matching } from '../../matchers.js';

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

  it('does not count viewing the sign-in page as an attempt', async () => {
    app = await createTestApp({ env: { ...env(), RATE_LIMIT_SIGN_IN_PER_MINUTE: '2' } });
    for (let i = 0; i < 5; i += 1) {
      expect((await app.inject({ url: '/auth/login' })).statusCode).toBe(200);
    }
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

  it('does not limit health checks', async () => {
    app = await createTestApp({ env: { ...env(), RATE_LIMIT_API_PER_MINUTE: '1' } });
    for (let i = 0; i < 5; i += 1)
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});
