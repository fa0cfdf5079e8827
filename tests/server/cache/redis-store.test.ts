import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ReadThroughCache } from '../../../server/cache/read-through.js';
import {
  closeRedis,
  connectRedis,
  throttledWarning,
  whenReady,
} from '../../../server/cache/redis-client.js';
import { RedisCacheStore } from '../../../server/cache/redis-store.js';
import { redisForSuite, redisUrlForTests } from './stores.js';

const entry = { value: { ok: true }, storedAt: 1_000, freshUntil: 61_000 };
const url = redisUrlForTests();

describe.skipIf(!url)('Redis cache store', () => {
  const redis = redisForSuite(url ?? '', 'redis-store');
  let n = 0;
  const setup = () => {
    const prefix = `${redis.prefix}${++n}:`;
    return { prefix, raw: redis.client(), store: new RedisCacheStore(redis.client(), { prefix }) };
  };

  it('keeps each entry as JSON under the key prefix, expiring after the keep time (PX)', async () => {
    const { prefix, raw, store } = setup();
    await store.set('sis:1:holds:', entry, 90_000);
    expect(JSON.parse((await raw.get(`${prefix}sis:1:holds:`)) ?? 'null')).toEqual(entry);
    const ttl = await raw.pttl(`${prefix}sis:1:holds:`);
    expect(ttl).toBeGreaterThan(80_000);
    expect(ttl).toBeLessThanOrEqual(90_000);
    expect(await raw.exists('sis:1:holds:')).toBe(0);
  });

  it('forgets an entry once its keep time has passed', async () => {
    const { store } = setup();
    await store.set('k', entry, 30);
    expect(await store.get('k')).toEqual(entry);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await store.get('k')).toBeUndefined();
  });

  it.each([
    ['text that is not JSON', 'not json {'],
    ['JSON that is not an entry', '{"value":1,"storedAt":"yesterday","freshUntil":2}'],
    ['a bare JSON value', '42'],
  ])('treats %s as a miss', async (_what, text) => {
    const { prefix, raw, store } = setup();
    await raw.set(`${prefix}k`, text);
    expect(await store.get('k')).toBeUndefined();
  });

  it('leaves keys outside its prefix alone when deleting by prefix', async () => {
    const { prefix, raw, store } = setup();
    // Same leading text, but not the whole prefix (the prefix without its last ':').
    const neighbour = `${prefix.slice(0, -1)}-other:sis:1:a:`;
    await raw.set(neighbour, JSON.stringify(entry));
    await store.set('sis:1:a:', entry, 60_000);
    expect(await store.deletePrefix('')).toBe(1);
    expect(await raw.exists(neighbour)).toBe(1);
    await raw.unlink(neighbour);
  });
});

// Port 1 refuses connections: the store behaves as it would while Redis is down.
const down = await connectRedis('redis://127.0.0.1:1', () => {});

describe('Redis cache store during a Redis outage', () => {
  afterAll(async () => closeRedis(down));

  it('answers every call as an empty cache, without throwing, and reports each failure', async () => {
    const errors: unknown[] = [];
    const store = new RedisCacheStore(down, { prefix: 'p:', onError: (err) => errors.push(err) });
    expect(await whenReady(down, 1000)).toBe(false);
    await expect(store.set('k', entry, 60_000)).resolves.toBeUndefined();
    expect(await store.get('k')).toBeUndefined();
    expect(await store.delete('k')).toBe(false);
    expect(await store.deletePrefix('')).toBe(0);
    expect(errors).toHaveLength(4);
  });

  it('keeps the read-through cache answering: every read loads from the source (a miss)', async () => {
    const store = new RedisCacheStore(down, { prefix: 'p:' });
    const cache = new ReadThroughCache({ store, clock: () => new Date() });
    let loads = 0;
    const load = async () => ++loads;
    const started = Date.now();
    expect(await cache.read('k', 60_000, load, z.number())).toEqual({ value: 1, status: 'miss' });
    expect(await cache.read('k', 60_000, load, z.number())).toEqual({ value: 2, status: 'miss' });
    expect(await cache.clear('k')).toBe(0);
    // No offline queue: a request does not wait for Redis to come back.
    expect(Date.now() - started).toBeLessThan(500);
  });
});

describe('throttledWarning', () => {
  it('warns at most once per interval and says how many warnings it held back', () => {
    let now = 0;
    const seen: Array<{ suppressed: number; message: string }> = [];
    const warn = throttledWarning(
      ({ suppressed }, message) => seen.push({ suppressed, message }),
      60_000,
      () => now,
    );
    warn(new Error('down'), 'first');
    now = 59_999;
    warn(new Error('down'), 'held back');
    warn(new Error('down'), 'held back');
    now = 60_000;
    warn(new Error('down'), 'again');
    expect(seen).toEqual([
      { suppressed: 0, message: 'first' },
      { suppressed: 2, message: 'again' },
    ]);
  });
});
