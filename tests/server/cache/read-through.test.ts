import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MemoryCacheStore } from '../../../server/cache/memory-store.js';
import { ReadThroughCache, STALE_MS } from '../../../server/cache/read-through.js';

function setup() {
  let now = Date.parse('2026-11-21T18:00:00Z');
  const store = new MemoryCacheStore();
  const staleSeen: string[] = [];
  const cache = new ReadThroughCache({
    store,
    clock: () => new Date(now),
    onStale: (key) => staleSeen.push(key),
  });
  // The answers of these reads: strings and numbers, checked as every cached copy is.
  const answer = z.union([z.string(), z.number()]);
  const read = (key: string, ms: number, load: () => Promise<string | number>) =>
    cache.read(key, ms, load, answer);
  return { cache, read, store, staleSeen, advance: (ms: number) => (now += ms) };
}

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

describe('ReadThroughCache', () => {
  it('N concurrent reads of the same cold key make exactly one load', async () => {
    const { read } = setup();
    const gate = deferred<string>();
    let loads = 0;
    const load = () => {
      loads += 1;
      return gate.promise;
    };
    const reads = Array.from({ length: 50 }, () => read('k', 1000, load));
    gate.resolve('value');
    const answers = await Promise.all(reads);
    expect(loads).toBe(1);
    expect(answers.every((a) => a.value === 'value' && a.status === 'miss')).toBe(true);
  });

  it('answers hit while fresh and loads again once the freshness has passed', async () => {
    const { read, advance } = setup();
    let n = 0;
    const load = async () => ++n;
    expect(await read('k', 1000, load)).toEqual({ value: 1, status: 'miss' });
    advance(999);
    expect(await read('k', 1000, load)).toEqual({ value: 1, status: 'hit' });
    advance(1);
    expect(await read('k', 1000, load)).toEqual({ value: 2, status: 'miss' });
  });

  it('serves a stale value (at most 24 h old) when the load fails, and the error after that', async () => {
    const { read, advance, staleSeen } = setup();
    await read('k', 1000, async () => 'old');
    const failing = () => Promise.reject(new Error('down'));
    advance(STALE_MS);
    expect(await read('k', 1000, failing)).toEqual({ value: 'old', status: 'stale' });
    expect(staleSeen).toEqual(['k']);
    advance(1);
    await expect(read('k', 1000, failing)).rejects.toThrow('down');
  });

  it('fails without a stale value, and a later read tries again', async () => {
    const { read } = setup();
    await expect(read('k', 1000, () => Promise.reject(new Error('down')))).rejects.toThrow();
    expect(await read('k', 1000, async () => 'up')).toEqual({ value: 'up', status: 'miss' });
  });

  it('clears by prefix, and a load under way during a clear does not store its answer', async () => {
    const { cache, read, store } = setup();
    await read('sis:1:a:', 1000, async () => 'a');
    await read('sis:1:b:', 1000, async () => 'b');
    await read('sis:12:a:', 1000, async () => 'other user');
    const gate = deferred<string>();
    const started = deferred<void>();
    const slow = read('sis:1:c:', 1000, () => {
      started.resolve();
      return gate.promise;
    });
    await started.promise;
    expect(await cache.clear('sis:1:')).toBe(2);
    gate.resolve('late');
    await slow;
    expect(store.size).toBe(1);
    expect(await store.get('sis:12:a:')).toMatchObject({ value: 'other user' });
  });

  it('a cached copy that no longer fits the answer schema is not served: the source answers', async () => {
    const { read, store } = setup();
    await store.set('k', {
      value: { unexpected: true },
      storedAt: Date.parse('2026-11-21T18:00:00Z'),
      freshUntil: Number.MAX_SAFE_INTEGER,
    });
    expect(await read('k', 1000, async () => 'fresh')).toEqual({ value: 'fresh', status: 'miss' });
  });

  it('an answer read back from the in-process store is the parsed, frozen object stored: parsed once, not per read', async () => {
    let now = Date.parse('2026-11-21T18:00:00Z');
    const cache = new ReadThroughCache({
      store: new MemoryCacheStore(),
      clock: () => new Date(now),
    });
    let parses = 0;
    const holds = z.object({ holds: z.array(z.string()) }).transform((value) => {
      parses += 1;
      return value;
    });
    const load = async () => ({ holds: ['Library fine'], extra: 'dropped by the schema' });
    const first = await cache.read('sis:1:holds:', 60_000, load, holds);
    const second = await cache.read('sis:1:holds:', 60_000, load, holds);
    expect(first.value).toEqual({ holds: ['Library fine'] });
    expect(second).toEqual({ value: first.value, status: 'hit' });
    expect(second.value).toBe(first.value);
    expect(parses).toBe(1);
    // No reader can change what the next reader gets.
    expect(Object.isFrozen(second.value.holds)).toBe(true);
    expect(() => second.value.holds.push('changed')).toThrow(TypeError);
    now += 1;
    expect((await cache.read('sis:1:holds:', 60_000, load, holds)).value.holds).toEqual([
      'Library fine',
    ]);
  });

  it('a copy from a store that copies values (Redis) is parsed on every read, never trusted', async () => {
    const store = new MemoryCacheStore();
    // What Redis does: each read answers a new object decoded from text.
    const copying = {
      get: async (key: string) => {
        const entry = await store.get(key);
        return entry && (JSON.parse(JSON.stringify(entry)) as typeof entry);
      },
      set: store.set.bind(store),
      delete: store.delete.bind(store),
      deletePrefix: store.deletePrefix.bind(store),
    };
    const cache = new ReadThroughCache({ store: copying, clock: () => new Date(0) });
    let parses = 0;
    const answer = z.object({ n: z.number() }).transform((value) => {
      parses += 1;
      return value;
    });
    await cache.read('k', 60_000, async () => ({ n: 1 }), answer);
    await cache.read('k', 60_000, async () => ({ n: 1 }), answer);
    await cache.read('k', 60_000, async () => ({ n: 1 }), answer);
    expect(parses).toBe(3);
  });

  it('the same stored object read with another schema is parsed with that schema', async () => {
    const cache = new ReadThroughCache({ store: new MemoryCacheStore(), clock: () => new Date(0) });
    await cache.read('k', 60_000, async () => ({ n: 1 }), z.object({ n: z.number() }));
    const other = await cache.read(
      'k',
      60_000,
      async () => ({ n: 'two' }),
      z.object({ n: z.string() }),
    );
    // The stored copy does not fit the other schema, so the source answers.
    expect(other).toEqual({ value: { n: 'two' }, status: 'miss' });
  });
});

describe('ReadThroughCache.peek', () => {
  const answer = z.union([z.string(), z.number()]);

  it('answers a fresh copy, and null for a key never read or read past its freshness, without a load', async () => {
    const { cache, read, advance } = setup();
    expect(await cache.peek('u:1:holds', answer)).toBeNull();
    await read('u:1:holds', 60_000, async () => 'holds');
    expect(await cache.peek('u:1:holds', answer)).toBe('holds');
    advance(60_000);
    // Stale now: a reader would load it again; a peek does not, and finds nothing to give.
    expect(await cache.peek('u:1:holds', answer)).toBeNull();
  });

  it('a copy that no longer fits the schema counts as absent', async () => {
    const { cache, store } = setup();
    const at = Date.parse('2026-11-21T18:00:00Z');
    await store.set('u:1:gpa', { value: { gpa: 'x' }, storedAt: at, freshUntil: at + 60_000 });
    expect(await cache.peek('u:1:gpa', answer)).toBeNull();
  });
});
