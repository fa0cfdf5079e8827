import { describe, expect, it } from 'vitest';
import { asksRefresh } from '../../src/lib/refresh.js';

describe('asksRefresh', () => {
  it('portal.md §2 step 4: a "refresh" query parameter, with or without a value, asks for fresh data', () => {
    expect(asksRefresh('?refresh')).toBe(true);
    expect(asksRefresh('?term=202604&refresh=1')).toBe(true);
    expect(asksRefresh('')).toBe(false);
    expect(asksRefresh('?refreshed=1')).toBe(false);
  });
});
