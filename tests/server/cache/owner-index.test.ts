import { LRUCache } from 'lru-cache';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryCacheStore } from '../../../server/cache/memory-store.js';
import { RedisCacheStore } from '../../../server/cache/redis-store.js';
import type { CacheEntry, CacheStore } from '../../../server/cache/store.js';
import { redisForSuite, redisUrlForTests } from './stores.js';

const entry: CacheEntry = { value: 1, storedAt: 0, freshUntil: 1 };
const KEEP = 60_000;

async function fill(store: CacheStore) {
  await Promise.all(
    Array.from({ length: 500 }, (_, i) => store.set(`sis:${100 + i}:holds:`, entry, KEEP)),
  );
  await store.set('sis:1:holds:', entry, KEEP);
  await store.set('sis:1:courses:202604', entry, KEEP);
}

afterEach(() => vi.restoreAllMocks());

describe("clearing one user's cached answers touches only that user's keys", () => {
  it('the in-process store clears a user from its owner index, never walking every key', async () => {
    const store = new MemoryCacheStore();
    await fill(store);
    const walk = vi.spyOn(LRUCache.prototype, 'keys');
    expect(await store.deletePrefix('sis:1:')).toBe(2);
    expect(walk).not.toHaveBeenCalled();
    expect(await store.get('sis:100:holds:')).toEqual(entry);
    expect(store.size).toBe(500);
  });

  it('an entry the LRU evicts leaves the owner index too', async () => {
    const store = new MemoryCacheStore({ maxEntries: 2 });
    await store.set('sis:1:a:', entry);
    await store.set('sis:2:a:', entry);
    await store.set('sis:3:a:', entry);
    expect(await store.deletePrefix('sis:1:')).toBe(0);
    expect(await store.deletePrefix('sis:3:')).toBe(1);
  });

  const url = redisUrlForTests();
  const redis = url ? redisForSuite(url, 'owner-index') : undefined;
  it.skipIf(!redis)(
    'the Redis store clears a user from its owner set, never scanning',
    async () => {
      if (!redis) return;
      const client = redis.client();
      const store = new RedisCacheStore(client, { prefix: redis.prefix });
      await fill(store);
      const scan = vi.spyOn(client, 'scan');
      expect(await store.deletePrefix('sis:1:courses:')).toBe(1);
      expect(await store.deletePrefix('sis:1:')).toBe(1);
      expect(scan).not.toHaveBeenCalled();
      expect(await store.get('sis:100:holds:')).toEqual(entry);
      expect(await store.get('sis:1:holds:')).toBeUndefined();
    },
  );
});
