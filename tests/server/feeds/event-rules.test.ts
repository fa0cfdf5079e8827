import { describe, expect, it } from 'vitest';
import type { FeedEvent } from '../../../contract/events.schema.js';
import {
  bySoonest,
  firstOfFeed,
  isPublicGroupEvent,
  isUpcoming,
} from '../../../server/feeds/event-rules.js';

const now = new Date('2026-11-22T20:00:00.000Z');

const event = (over: Partial<FeedEvent>): FeedEvent => ({
  id: 'e',
  link: null,
  title: 'An event',
  image: null,
  image_alt: 'An event',
  datetime_string: null,
  location: null,
  locationType: null,
  group: null,
  start: '2026-11-23T02:00:00.000Z',
  end: '2026-11-23T04:00:00.000Z',
  privacyLevel: 0,
  ...over,
});

describe('portal.md §5 public campus-group events', () => {
  it('public campus-group events are only those with privacyLevel 0 or 1', () => {
    const levels = [0, 1, 2, 3, 4, null];
    const shown = levels.filter((privacyLevel) => isPublicGroupEvent(event({ privacyLevel })));
    expect(shown).toEqual([0, 1]);
  });
});

describe('portal.md §5 only upcoming events are shown', () => {
  it('only upcoming events are shown: an event that has ended is dropped', () => {
    const ended = event({ start: '2026-11-22T17:00:00.000Z', end: '2026-11-22T19:59:59.000Z' });
    expect(isUpcoming(ended, now)).toBe(false);
  });

  it('only upcoming events are shown: an event under way still shows until it ends', () => {
    const underWay = event({ start: '2026-11-22T19:00:00.000Z', end: '2026-11-22T21:00:00.000Z' });
    expect(isUpcoming(underWay, now)).toBe(true);
  });

  it('only upcoming events are shown: without an end, an event shows until it starts', () => {
    expect(isUpcoming(event({ start: '2026-11-22T20:30:00.000Z', end: null }), now)).toBe(true);
    expect(isUpcoming(event({ start: '2026-11-22T19:30:00.000Z', end: null }), now)).toBe(false);
  });

  it('only upcoming events are shown: an event without dates is never shown', () => {
    expect(isUpcoming(event({ start: null, end: null }), now)).toBe(false);
  });

  it('only upcoming events are shown: an event ending this very moment has ended', () => {
    expect(
      isUpcoming(event({ start: '2026-11-22T19:00:00.000Z', end: now.toISOString() }), now),
    ).toBe(false);
  });

  it('upcoming events go soonest first, the feed’s order breaking ties; one without a start (upcoming by its end) goes first', () => {
    const events = [
      event({ id: 'c', start: '2026-11-25T02:00:00.000Z' }),
      event({ id: 'a', start: '2026-11-23T02:00:00.000Z' }),
      event({ id: 'b', start: '2026-11-23T02:00:00.000Z' }),
      event({ id: 'no start', start: null, end: '2026-11-30T00:00:00.000Z' }),
      event({ id: 'd', start: '2026-11-24T02:00:00.000Z' }),
    ];
    expect(events.sort(bySoonest).map((e) => e.id)).toEqual(['no start', 'a', 'b', 'd', 'c']);
  });

  it('upcoming events go soonest first', () => {
    const later = event({ id: 'later', start: '2026-11-25T02:00:00.000Z' });
    const sooner = event({ id: 'sooner', start: '2026-11-23T02:00:00.000Z' });
    expect([later, sooner].sort(bySoonest).map((e) => e.id)).toEqual(['sooner', 'later']);
  });
});

describe('portal.md §9 feed limits', () => {
  it('events and news are limited to 12: the first 12 are kept', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => i);
    expect(firstOfFeed(twenty)).toEqual(twenty.slice(0, 12));
    expect(firstOfFeed([1, 2])).toEqual([1, 2]);
  });
});
