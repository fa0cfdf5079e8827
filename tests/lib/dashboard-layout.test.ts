import { describe, expect, it } from 'vitest';
import { DASHBOARD_BLOCKS, LEFT_COLUMN_BLOCKS } from '../../contract/dashboard.schema.js';
import {
  columnsOf,
  hideBlock,
  moveBlock,
  orderOf,
  shownBlocks,
} from '../../src/lib/dashboard-layout.js';

describe('dashboard layout rules (issue #30)', () => {
  it('no layout of their own is the spec order, in the spec columns', () => {
    expect(orderOf(null)).toEqual([...DASHBOARD_BLOCKS]);
    expect(columnsOf(orderOf(null))[0]).toEqual([...LEFT_COLUMN_BLOCKS]);
  });

  it('a block a saved order does not name stands at its default place', () => {
    const order = orderOf({ order: ['video', 'profile-summary', 'event-calendar'], hidden: [] });
    expect(order.indexOf('todays-classes')).toBeGreaterThan(order.indexOf('profile-summary'));
    expect(order.indexOf('todays-classes')).toBeLessThan(order.indexOf('event-calendar'));
    expect(order).toHaveLength(DASHBOARD_BLOCKS.length);
  });

  it('a move passes the neighbouring shown block; the first cannot move up', () => {
    const shown = ['profile-summary', 'event-calendar', 'whats-new'] as const;
    const moved = moveBlock(null, [...shown], 'whats-new', -1);
    expect(shownBlocks(moved, [...shown], [])).toEqual([
      'profile-summary',
      'whats-new',
      'event-calendar',
    ]);
    expect(moveBlock(null, [...shown], 'profile-summary', -1)).toBeNull();
  });

  it('mandatory blocks cannot be hidden: a mandatory block shows even when a layout hides it', () => {
    const layout = hideBlock(hideBlock(null, 'video'), 'event-calendar');
    expect(shownBlocks(layout, ['video', 'event-calendar'], ['event-calendar'])).toEqual([
      'event-calendar',
    ]);
  });
});
