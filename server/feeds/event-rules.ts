import { FEED_LIMIT } from '../../contract/events.schema.js';
import type { FeedEvent } from '../../contract/events.schema.js';

/** What the rules read of an event (a feed's own event or the portal's answer alike). */
type Dated = Pick<FeedEvent, 'start' | 'end' | 'privacyLevel'>;

/** portal.md §5: public campus-group events are only those with privacyLevel 0 or 1. */
export const isPublicGroupEvent = (event: Dated) =>
  event.privacyLevel === 0 || event.privacyLevel === 1;

/**
 * portal.md §5: only upcoming events are shown. An event is upcoming until it ends (one under way
 * still shows); without an end, until it starts; without any date it cannot be placed, so it is not.
 */
export function isUpcoming(event: Dated, now: Date): boolean {
  const until = event.end ?? event.start;
  return until !== null && new Date(until).getTime() > now.getTime();
}

/** Soonest first; the feed's order breaks ties. */
export const bySoonest = (a: Dated, b: Dated) => (a.start ?? '').localeCompare(b.start ?? '');

/** portal.md §7, §9: events and news keep the first 12. */
export const firstOfFeed = <T>(items: T[]): T[] => items.slice(0, FEED_LIMIT);
