import { describe, expect, it } from 'vitest';
import { OUTBOX_KEY, forgetOutbox, readOutbox, writeOutbox } from '../../src/lib/outbox-store.js';
import type { StoredOutbox } from '../../src/machines/outbox.machine.js';

const memory = () => {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
};

const stored: StoredOutbox = {
  owner: 'avalencia',
  changes: [
    {
      id: 101,
      field: 'completed_on',
      change: { completed_on: '2026-11-25T09:41:00.000Z' },
      base: { completed_on: null },
    },
    { id: 102, field: 'starred', change: { starred: true }, base: { starred: false } },
  ],
};

describe('the changes made offline, kept between visits (issue 44)', () => {
  it('reads back what it wrote: whose changes, and the changes alone (no token, no task)', () => {
    const store = memory();
    writeOutbox(store, stored);
    expect(readOutbox(store)).toEqual(stored);
    expect(store.items.get(OUTBOX_KEY)).not.toMatch(/token|title/);
  });

  it('no changes left, nothing is kept', () => {
    const store = memory();
    writeOutbox(store, stored);
    writeOutbox(store, { owner: 'avalencia', changes: [] });
    expect(store.items.has(OUTBOX_KEY)).toBe(false);
  });

  it('sign-out forgets them', () => {
    const store = memory();
    writeOutbox(store, stored);
    forgetOutbox(store);
    expect(readOutbox(store)).toBeNull();
  });

  it.each([
    ['not JSON', '{'],
    ['another shape', JSON.stringify({ owner: 'avalencia', changes: [{ id: 1 }] })],
    [
      'a field that is not kept offline',
      JSON.stringify({
        owner: 'a',
        changes: [{ id: 1, field: 'do_now_on', change: {}, base: {} }],
      }),
    ],
    ['too long to be ours', JSON.stringify({ owner: 'a', changes: [], pad: 'x'.repeat(70_000) })],
  ])('anything else found there is not read: %s', (_name, text) => {
    const store = memory();
    store.setItem(OUTBOX_KEY, text);
    expect(readOutbox(store)).toBeNull();
  });
});
