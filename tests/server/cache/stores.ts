import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { MemoryCacheStore } from '../../../server/cache/memory-store.js';
import { closeRedis, connectRedis, whenReady } from '../../../server/cache/redis-client.js';
import { RedisCacheStore } from '../../../server/cache/redis-store.js';
import type { CacheStore } from '../../../server/cache/store.js';

/** REDIS_URL of the test run; with CI=true it is required, as DATABASE_URL is for PostgreSQL. */
export function redisUrlForTests(): string | undefined {
  const url = process.env.REDIS_URL;
  if (process.env.CI === 'true' && !url) {
    throw new Error('CI=true: the cache suites must also run on Redis; set REDIS_URL.');
  }
  return url;
}

/** Every key a test run writes starts with this, so runs never see each other's keys. */
export const testKeyPrefix = (suite: string) =>
  `portal-test:${suite}:${randomBytes(6).toString('hex')}:`;

/**
 * A Redis connection for one suite, under a key prefix of its own; the suite fails when Redis does not
 * answer, and every key under the prefix goes afterwards.
 */
export function redisForSuite(url: string, suite: string) {
  const prefix = testKeyPrefix(suite);
  let client: Redis | undefined;
  beforeAll(async () => {
    client = await connectRedis(url, () => {});
    if (!(await whenReady(client, 5000))) throw new Error(`Redis at ${url} did not answer.`);
  });
  afterAll(async () => {
    if (!client) return;
    await deleteTestKeys(client, prefix);
    await closeRedis(client);
  });
  return {
    prefix,
    client(): Redis {
      if (!client) throw new Error('The Redis connection is opened in beforeAll');
      return client;
    },
  };
}

/** Drops every key under `prefix` (cache entries and rate-limit counters of a test run). */
export async function deleteTestKeys(client: Redis, prefix: string) {
  return new RedisCacheStore(client, { prefix }).deletePrefix('');
}

export interface CacheStoreUnderTest {
  name: string;
  /** A new, empty store. */
  open: () => CacheStore;
}

/** The stores the contract suite runs on: the in-process LRU always, Redis too when REDIS_URL is set. */
export function cacheStores(): CacheStoreUnderTest[] {
  const stores: CacheStoreUnderTest[] = [{ name: 'memory', open: () => new MemoryCacheStore() }];
  const url = redisUrlForTests();
  if (!url) return stores;
  const redis = redisForSuite(url, 'contract');
  let opened = 0;
  stores.push({
    name: 'Redis',
    open: () => new RedisCacheStore(redis.client(), { prefix: `${redis.prefix}${++opened}:` }),
  });
  return stores;
}
