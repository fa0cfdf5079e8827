import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { redisForSuite, redisUrlForTests } from '../cache/stores.js';
import { bearer, inboundApp, publisherWithKey } from './inbound-helpers.js';

const url = redisUrlForTests();
const redis = url ? redisForSuite(url, 'inbound-rate-limit') : undefined;

describe.runIf(url && redis)('the per-key rate limit with REDIS_URL', () => {
  const apps: FastifyInstance[] = [];
  afterEach(async () => {
    for (const app of apps.reverse()) await app.close();
    apps.length = 0;
  });

  it('two processes count a key together: 60 calls a minute between them, then 429 with Retry-After on either', async () => {
    const env = {
      REDIS_URL: url ?? '',
      REDIS_KEY_PREFIX: `${redis?.prefix ?? ''}shared:`,
      RATE_LIMIT_INBOUND_PER_MINUTE: '60',
    };
    const first = await inboundApp({ env });
    apps.push(first);
    const second = await inboundApp({
      env,
      database: { ...first.database, close: async () => {} },
    });
    apps.push(second);
    const { key } = await publisherWithKey(first);
    const get = (app: FastifyInstance) =>
      app.inject({ url: '/api/inbound/v1/items/nothing', headers: bearer(key) });
    for (let i = 0; i < 30; i += 1) {
      expect((await get(first)).statusCode).toBe(404);
      expect((await get(second)).statusCode).toBe(404);
    }
    const limited = await get(second);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get(first)).statusCode).toBe(429);
  }, 90_000);
});
