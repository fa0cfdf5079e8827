import { DASHBOARD_EVENTS, FEED_LIMIT } from '../../../../../contract/events.schema.js';
import type { FeedEvent } from '../../../../../contract/events.schema.js';
import { EventCalendar } from '../../../../ui/portal/community/event-calendar.js';
import { usePortal } from '../../../../routes/portal/context.js';
import { useFeed } from '../use-feed.js';

/**
 * portal.md §2 Event Calendar block: the university's upcoming events, 2 on the dashboard (§9) with
 * a link to Community, 12 elsewhere with links to the external event sites. `load`: the events its
 * page's route loader started reading.
 */
export function EventCalendarBlock({
  place,
  load,
}: {
  place: 'dashboard' | 'other';
  load?: (() => Promise<FeedEvent[]> | null) | undefined;
}) {
  const { campus } = usePortal();
  const { status, events, retry } = useFeed('pdx-events', load);
  const count = place === 'dashboard' ? DASHBOARD_EVENTS : FEED_LIMIT;
  return (
    <EventCalendar
      place={place}
      status={status}
      events={events.slice(0, count)}
      onRetry={retry}
      sites={campus.eventSites}
    />
  );
}
