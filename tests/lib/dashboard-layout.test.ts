import { describe, expect, it } from 'vitest';
import { DASHBOARD_BLOCKS, LEFT_COLUMN_BLOCKS } from '../../contract/dashboard.schema.js';
import { columnsOf, PHONE_ORDER } from '../../src/lib/dashboard-layout.js';
import {
  arrangedColumns,
  hideBlock,
  moveBlock,
  orderOf,
  dayFirst,
  shownBlocks,
} from '../../src/lib/dashboard-arrangement.js';

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

describe('the person’s day leads a layout of their own below 1024 px (issues 43 and 57)', () => {
  it('the day (greeting, today’s classes, next tasks, in the person’s order among them) comes first wherever the saved order put it, then the rest in their order', () => {
    // Arranged on a laptop: Upcoming Tasks moved to the top of the right column, the greeting down.
    const layout = {
      order: [
        'whats-new',
        'general-resources',
        'profile-summary',
        'my-next-steps',
        'event-calendar',
        'todays-classes',
      ] as const,
      hidden: [],
    };
    const shown = shownBlocks(
      { order: [...layout.order], hidden: [] },
      [
        'whats-new',
        'general-resources',
        'profile-summary',
        'my-next-steps',
        'event-calendar',
        'todays-classes',
      ],
      [],
    );
    expect(dayFirst(shown)).toEqual({
      day: ['profile-summary', 'my-next-steps', 'todays-classes'],
      rest: ['whats-new', 'general-resources', 'event-calendar'],
    });
  });

  it('a block of the day the person hid, or has nothing for, stays out; every shown block appears once', () => {
    const shown = shownBlocks(
      { order: ['video', 'todays-classes', 'profile-summary'], hidden: ['todays-classes'] },
      ['video', 'todays-classes', 'profile-summary', 'whats-new'],
      [],
    );
    const { day, rest } = dayFirst(shown);
    expect(day).toEqual(['profile-summary']);
    expect([...day, ...rest].sort()).toEqual([...shown].sort());
  });

  it('the default layout is day first for a student', () => {
    const { day } = dayFirst(orderOf(null));
    expect(day).toEqual(['profile-summary', 'todays-classes', 'my-next-steps']);
  });
});

describe('a customised layout keeps the spec’s columns from 1024 px (issue 87)', () => {
  const student = [
    'profile-summary',
    'todays-classes',
    'general-resources',
    'event-calendar',
    'financial-promos',
    'other-promos',
    'school-tools',
    'whats-new',
    'video',
    'my-next-steps',
    'basic-html',
  ] as const;
  const specColumns = (shown: readonly string[]) => [
    shown.filter((b) => LEFT_COLUMN_BLOCKS.some((l) => l === b)),
    shown.filter((b) => !LEFT_COLUMN_BLOCKS.some((l) => l === b)),
  ];

  it('hiding the video at 1280 px keeps portal.md §2’s left and right columns in its order, the video gone and nothing else changed, after a reload too', () => {
    const saved = hideBlock(null, 'video');
    // Read back (a reload starts from the saved layout).
    const shown = shownBlocks(saved, [...student], [], DASHBOARD_BLOCKS);
    const { day, left, right } = arrangedColumns(shown, true);
    const [specLeft, specRight] = specColumns(student.filter((b) => b !== 'video'));
    expect(day).toEqual([]);
    expect(left).toEqual(specLeft);
    expect(right).toEqual(specRight);
    // The same as the default layout's columns, less the video.
    const [defaultLeft, defaultRight] = columnsOf(shownBlocks(null, [...student], []));
    expect(left).toEqual(defaultLeft);
    expect(right).toEqual(defaultRight?.filter((b) => b !== 'video'));
  });

  it('a block moved at 1280 px changes only its own place: the other blocks keep the spec’s columns', () => {
    const shown = shownBlocks(null, [...student], []);
    const moved = moveBlock(null, shown, 'event-calendar', -1);
    const { left, right } = arrangedColumns(shownBlocks(moved, [...student], []), true);
    expect(left).toEqual([
      'profile-summary',
      'todays-classes',
      'event-calendar',
      'general-resources',
    ]);
    expect(right).toEqual(specColumns(student)[1]);
  });

  it('below 1024 px a customised layout still opens on the person’s day (issue 43)', () => {
    const saved = hideBlock(null, 'video');
    const shown = shownBlocks(saved, [...student], [], PHONE_ORDER);
    const { day, left, right } = arrangedColumns(shown, false);
    expect(day).toEqual(['profile-summary', 'todays-classes', 'my-next-steps']);
    expect([...left, ...right]).not.toContain('video');
    expect([...day, ...left, ...right].sort()).toEqual([...shown].sort());
  });
});

describe('the spec’s order for the width where the person moved nothing (issue 76)', () => {
  it('below 1024 px the phone order: the promos after the profile summary, School tools before the general resources', () => {
    const phone = orderOf(null, PHONE_ORDER);
    expect(phone.indexOf('financial-promos')).toBeLessThan(phone.indexOf('event-calendar'));
    expect(phone.indexOf('school-tools')).toBeLessThan(phone.indexOf('general-resources'));
    // A layout that only hid blocks moved nothing: still the width's order.
    expect(orderOf(hideBlock(null, 'video'), PHONE_ORDER)).toEqual([...PHONE_ORDER]);
    expect(orderOf(hideBlock(null, 'video'))).toEqual([...DASHBOARD_BLOCKS]);
  });

  it('a move on a phone is saved in the order the phone showed, so the promos stay above the event calendar', () => {
    const shown = PHONE_ORDER.filter((b) => b !== 'video');
    const moved = moveBlock(null, shown, 'event-calendar', -1);
    const after = shownBlocks(moved, shown, [], PHONE_ORDER);
    expect(after.indexOf('event-calendar')).toBe(after.indexOf('general-resources') - 1);
    expect(after.indexOf('financial-promos')).toBeLessThan(after.indexOf('event-calendar'));
    expect(after.indexOf('school-tools')).toBeLessThan(after.indexOf('event-calendar'));
  });
});
