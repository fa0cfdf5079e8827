import { describe, expect, it } from 'vitest';
import { MemoryCacheStore } from '../../../server/cache/memory-store.js';

const answer = (chars: number) => ({
  value: { text: 'x'.repeat(chars) },
  storedAt: 0,
  freshUntil: 1,
});

describe('the in-process answer cache is bounded by bytes, not only by count', () => {
  it('drops the least recently used answers once their JSON passes maxBytes', async () => {
    const store = new MemoryCacheStore({ maxBytes: 10_000 });
    for (let user = 1; user <= 10; user += 1) await store.set(`sis:${user}:holds:`, answer(2_000));
    // About 2 kB each: four fit in 10 kB, the newest four.
    expect(store.size).toBe(4);
    expect(await store.get('sis:1:holds:')).toBeUndefined();
    expect(await store.get('sis:10:holds:')).toEqual(answer(2_000));
    // The owner index forgot the evicted ones: clearing them finds nothing.
    expect(await store.deletePrefix('sis:1:')).toBe(0);
    expect(await store.deletePrefix('sis:10:')).toBe(1);
  });

  it('keeps no answer larger than the whole room, and forgets the older copy under its key', async () => {
    const store = new MemoryCacheStore({ maxBytes: 10_000 });
    await store.set('sis:1:schedule:202604', answer(100));
    await store.set('sis:1:schedule:202604', answer(20_000));
    expect(await store.get('sis:1:schedule:202604')).toBeUndefined();
    expect(store.size).toBe(0);
    expect(await store.deletePrefix('sis:1:')).toBe(0);
  });
});
