import { describe, expect, it } from 'vitest';
import type { CacheEntry } from '../../../server/cache/store.js';
import { cacheStores } from './stores.js';

const entry = (value: unknown, storedAt = 1_000): CacheEntry => ({
  value,
  storedAt,
  freshUntil: storedAt + 60_000,
});
const KEEP = 60_000;

describe.each(cacheStores())('cache store contract ($name)', ({ open }) => {
  it('answers nothing for a key never set', async () => {
    expect(await open().get('sis:1:holds:')).toBeUndefined();
  });

  it('gives back what was set, value and times, and a later set replaces it', async () => {
    const store = open();
    const value = { holds: [{ code: 'RH', amount: 12.5, note: null, ok: true }], n: [1, 2] };
    await store.set('sis:1:holds:', entry(value), KEEP);
    expect(await store.get('sis:1:holds:')).toEqual(entry(value));
    await store.set('sis:1:holds:', entry('second', 2_000), KEEP);
    expect(await store.get('sis:1:holds:')).toEqual(entry('second', 2_000));
  });

  it('deletes one key, answering whether it was there', async () => {
    const store = open();
    await store.set('sis:1:a:', entry('a'), KEEP);
    await store.set('sis:1:b:', entry('b'), KEEP);
    expect(await store.delete('sis:1:a:')).toBe(true);
    expect(await store.delete('sis:1:a:')).toBe(false);
    expect(await store.get('sis:1:a:')).toBeUndefined();
    expect(await store.get('sis:1:b:')).toEqual(entry('b'));
  });

  it('deletes by prefix only the keys that start with it, and counts them', async () => {
    const store = open();
    for (const key of ['sis:1:a:', 'sis:1:b:202604', 'sis:12:a:', 'sis:2:a:'])
      await store.set(key, entry(key), KEEP);
    expect(await store.deletePrefix('sis:1:')).toBe(2);
    expect(await store.get('sis:1:a:')).toBeUndefined();
    expect(await store.get('sis:1:b:202604')).toBeUndefined();
    expect(await store.get('sis:12:a:')).toEqual(entry('sis:12:a:'));
    expect(await store.deletePrefix('sis:1:')).toBe(0);
  });

  it('takes the characters of a prefix literally, glob characters included', async () => {
    const store = open();
    await store.set('a*[b]?\\:x', entry(1), KEEP);
    await store.set('a-other:x', entry(2), KEEP);
    expect(await store.deletePrefix('a*[b]?\\:')).toBe(1);
    expect(await store.deletePrefix('a*')).toBe(0);
    expect(await store.get('a-other:x')).toEqual(entry(2));
  });

  it('deletes a prefix holding far more keys than one scan step', async () => {
    const store = open();
    const keys = Array.from({ length: 1_200 }, (_, i) => `sis:7:read${i}:`);
    await Promise.all(keys.map((key) => store.set(key, entry(0), KEEP)));
    await store.set('sis:8:read0:', entry(8), KEEP);
    expect(await store.deletePrefix('sis:7:')).toBe(1_200);
    expect(await store.get('sis:7:read999:')).toBeUndefined();
    expect(await store.get('sis:8:read0:')).toEqual(entry(8));
  });
});
