import { describe, expect, it } from 'vitest';
import { CACHE_MS, isStale } from '../../src/lib/fetch-cache.js';

const at = Date.parse('2026-09-15T12:00:00.000Z');
const minutes = (n: number) => n * 60_000;

describe('next-steps.md §4 Caching', () => {
  it('the cache lasts 5 minutes', () => {
    expect(CACHE_MS).toBe(minutes(5));
  });

  it('a user or task fetch repeated within 5 minutes is skipped', () => {
    expect(isStale(at - minutes(5) + 1, at)).toBe(false);
    expect(isStale(at - minutes(1), at)).toBe(false);
    expect(isStale(at, at)).toBe(false);
  });

  it('a fetch 5 minutes or more after the last is made again', () => {
    expect(isStale(at - minutes(5), at)).toBe(true);
    expect(isStale(at - minutes(60), at)).toBe(true);
  });

  it('what was never fetched is fetched', () => {
    expect(isStale(null, at)).toBe(true);
  });
});
