import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  cacheKey,
  readPrefix,
  readerOf,
  selfReader,
  userPrefix,
} from '../../../server/cache/keys.js';
import { MemoryCacheStore } from '../../../server/cache/memory-store.js';
import { ReadThroughCache } from '../../../server/cache/read-through.js';
import { createTestApp, signIn } from '../helpers/app.js';
import { TEST_CAPACITY_HEADER, withTestCapacity } from '../helpers/capacity.js';

const self = selfReader(42);
const support = { subjectId: 42, capacity: 'support' } as const;

describe('the per-user cache keys: by subject and capacity (issue 73)', () => {
  it('keys the same read of the same person apart by capacity', () => {
    expect(cacheKey(self, 'grades', '202604')).toBe('sis:42:grades:self:202604');
    expect(cacheKey(support, 'grades', '202604')).toBe('sis:42:grades:support:202604');
    expect(cacheKey(support, 'holds')).toBe('sis:42:holds:support:');
  });

  it('a person’s prefix and a read’s prefix hold every capacity’s key, and no one else’s', () => {
    for (const reader of [self, support]) {
      expect(cacheKey(reader, 'holds').startsWith(userPrefix(42))).toBe(true);
      expect(cacheKey(reader, 'holds').startsWith(readPrefix(42, 'holds'))).toBe(true);
    }
    expect(cacheKey(selfReader(4), 'holds').startsWith(userPrefix(42))).toBe(false);
    expect(cacheKey(self, 'holds-x').startsWith(readPrefix(42, 'holds'))).toBe(false);
  });

  it('reads a request’s subject and its actor’s capacity', () => {
    expect(readerOf({ subject: { id: 7 }, actor: { capacity: 'delegate' } })).toEqual({
      subjectId: 7,
      capacity: 'delegate',
    });
  });

  it('two capacities get two entries; a clear of the person or of the read clears both', async () => {
    const cache = new ReadThroughCache({ store: new MemoryCacheStore(), clock: () => new Date() });
    const loads: string[] = [];
    const read = (reader: typeof self | typeof support) =>
      cache.read(
        cacheKey(reader, 'holds'),
        60_000,
        async () => {
          loads.push(reader.capacity);
          return reader.capacity;
        },
        z.string(),
      );
    expect((await read(self)).value).toBe('self');
    expect((await read(support)).value).toBe('support');
    expect((await read(self)).status).toBe('hit');
    expect((await read(support)).status).toBe('hit');
    expect(loads).toEqual(['self', 'support']);
    expect(await cache.clear(userPrefix(42))).toBe(2);
    await read(self);
    await read(support);
    expect(await cache.clear(readPrefix(42, 'holds'))).toBe(2);
  });
});

describe('the per-user cache of the app, read in two capacities', () => {
  const built = createTestApp({ onRoute: withTestCapacity });
  afterAll(async () => (await built).close());

  it('keeps a support read apart from the person’s own, and ?refresh clears both', async () => {
    const app = await built;
    const { token } = await signIn(app, 'student');
    const own = { authorization: `Token ${token}` };
    const asSupport = { ...own, [TEST_CAPACITY_HEADER]: 'support' };
    const holds = async (headers: Record<string, string>) =>
      (await app.inject({ url: '/api/integrations/finti/holds', headers })).headers['x-cache'];
    expect(await holds(own)).toBe('miss');
    expect(await holds(asSupport)).toBe('miss');
    expect(await holds(own)).toBe('hit');
    expect(await holds(asSupport)).toBe('hit');
    const cleared = await app.inject({ method: 'POST', url: '/api/cache/clear', headers: own });
    // The two entries of holds, one per capacity, and what signing in read.
    expect(cleared.json<{ cleared: number }>().cleared).toBeGreaterThanOrEqual(2);
    expect(await holds(own)).toBe('miss');
    expect(await holds(asSupport)).toBe('miss');
  });
});
