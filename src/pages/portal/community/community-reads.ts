import type { FeedEvent, FeedName } from '../../../../contract/events.schema.js';
import { fetchCalendarSubscription } from '../../../api/calendar.js';
import type { Http } from '../../../api/client.js';
import { fetchFeed } from '../../../api/events.js';
import type { PageLoad, PortalContext } from '../../../routes/portal/context.js';
import { startPageReads } from '../shared/page-reads.js';
import type { PageReads } from '../shared/page-reads.js';

/** One events or news feed, named for the error list by its feed (portal.md §8). */
const feed = (http: Http, name: FeedName) => ({
  component: name,
  read: () => fetchFeed(http, name),
  isEmpty: (events: FeedEvent[]) => events.length === 0,
});

/**
 * What the Community page reads (portal.md §2 /community, §7), one declaration for its route's
 * loader and its sections: the university's events, the campus groups' events and news, and the
 * person's calendar subscription.
 */
export function communityReadSpecs({ http }: Pick<PortalContext, 'http'>) {
  return {
    events: feed(http, 'pdx-events'),
    groups: feed(http, 'campus-groups-events'),
    news: feed(http, 'campus-groups-news'),
    /** The calendar subscription block's address (its own machine loads and resets it). */
    calendar: {
      component: 'calendar-subscription',
      read: () => fetchCalendarSubscription(http),
    },
  };
}

export type CommunityReads = PageReads<ReturnType<typeof communityReadSpecs>>;

/** What the page's route loader gives its container: its reads, kept by the router. */
export interface CommunityLoad {
  reads: CommunityReads;
}

/** The route's loader (`withReads`): every read of the page at once, for anyone signed in. */
export function pageReads({ context }: PageLoad): CommunityLoad {
  return {
    reads: startPageReads(communityReadSpecs(context), ['events', 'groups', 'news', 'calendar']),
  };
}
