import { eventListSchema } from '../../contract/events.schema.js';
import type { FeedEvent, FeedName } from '../../contract/events.schema.js';
import type { Http } from './client.js';

/** portal.md §7: the path of each feed under the API. */
export const feedPaths: Record<FeedName, string> = {
  'pdx-events': 'integrations/pdx/events',
  'campus-groups-events': 'integrations/pdxcampusgroups/events',
  'campus-groups-news': 'integrations/pdxcampusgroups/news',
};

/**
 * One events or news feed (at most 12 items, already filtered by the server), by the client's
 * `Authorization: Token …`. A failing feed answers 500 `{detail, component}`; ky throws it.
 */
export async function fetchFeed(http: Http, feed: FeedName): Promise<FeedEvent[]> {
  const answer = await http.get(feedPaths[feed]).json();
  return eventListSchema.parse(answer);
}
