import { describe, expect, it } from 'vitest';
import { scrollTargetOf } from '../../src/lib/scroll-target.js';

describe('where a page lands (portal.md §2 step 7)', () => {
  it('scroll goes to the hash anchor if present, even with a saved position', () => {
    expect(scrollTargetOf('holds', { scrollX: 0, scrollY: 900 })).toEqual({
      kind: 'anchor',
      id: 'holds',
    });
    expect(scrollTargetOf('#profile', undefined)).toEqual({ kind: 'anchor', id: 'profile' });
  });

  it('else to the saved position', () => {
    expect(scrollTargetOf('', { scrollX: 0, scrollY: 900 })).toEqual({
      kind: 'position',
      left: 0,
      top: 900,
    });
  });

  it('else to the top, which the router has done already: nothing to wait for', () => {
    expect(scrollTargetOf('', undefined)).toBeNull();
    expect(scrollTargetOf('#', { scrollX: 0, scrollY: 0 })).toBeNull();
  });
});
