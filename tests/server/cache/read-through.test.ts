import { describe, expect, it } from 'vitest';
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
  return { cache, store, staleSeen, advance: (ms: number) => (now += ms) };
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
    const { cache } = setup();
    const gate = deferred<string>();
    let loads = 0;
    const load = () => {
      loads += 1;
      return gate.promise;
    };
    const reads = Array.from({ length: 50 }, () => cache.read('k', 1000, load));
    gate.resolve('value');
    const answers = await Promise.all(reads);
    expect(loads).toBe(1);
    expect(answers.every((a) => a.value === 'value' && a.status === 'miss')).toBe(true);
  });

  it('answers hit while fresh and loads again once the freshness has passed', async () => {
    const { cache, advance } = setup();
    let n = 0;
    const load = async () => ++n;
    expect(await cache.read('k', 1000, load)).toEqual({ value: 1, status: 'miss' });
    advance(999);
    expect(await cache.read('k', 1000, load)).toEqual({ value: 1, status: 'hit' });
    advance(1);
    expect(await cache.read('k', 1000, load)).toEqual({ value: 2, status: 'miss' });
  });

  it('serves a stale value (at most 24 h old) when the load fails, and the error after that', async () => {
    const { cache, advance, staleSeen } = setup();
    await cache.read('k', 1000, async () => 'old');
    const failing = () => Promise.reject(new Error('down'));
    advance(STALE_MS);
    expect(await cache.read('k', 1000, failing)).toEqual({ value: 'old', status: 'stale' });
    expect(staleSeen).toEqual(['k']);
    advance(1);
    await expect(cache.read('k', 1000, failing)).rejects.toThrow('down');
  });

  it('fails without a stale value, and a later read tries again', async () => {
    const { cache } = setup();
    await expect(cache.read('k', 1000, () => Promise.reject(new Error('down')))).rejects.toThrow();
    expect(await cache.read('k', 1000, async () => 'up')).toEqual({ value: 'up', status: 'miss' });
  });

  it('clears by prefix, and a load under way during a clear does not store its answer', async () => {
    const { cache, store } = setup();
    await cache.read('sis:1:a:', 1000, async () => 'a');
    await cache.read('sis:1:b:', 1000, async () => 'b');
    await cache.read('sis:12:a:', 1000, async () => 'other user');
    const gate = deferred<string>();
    const started = deferred<void>();
    const slow = cache.read('sis:1:c:', 1000, () => {
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
});
