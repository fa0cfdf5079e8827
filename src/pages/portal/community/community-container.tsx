import { useLingui } from '@lingui/react/macro';
import { CommunityPage } from '../../../ui/portal/community/community-page.js';
import { FeedSection } from '../../../ui/portal/community/feed-section.js';
import { CalendarSubscriptionBlock } from '../shared/blocks/calendar-subscription-block.js';
import { EventCalendarBlock } from '../shared/blocks/event-calendar-block.js';
import { usePageRead } from '../shared/use-page-read.js';
import { usePageTitle } from '../shared/page-title.js';
import { PageToolbar } from '../shared/blocks/page-toolbar-block.js';
import { portalRouteApi } from '../../../routes/portal/route-api.js';
import type { CommunityLoad } from './community-reads.js';

// The route's loader starts the page's reads from the page's own chunk.
export { pageReads } from './community-reads.js';

const communityRoute = portalRouteApi('/community');

/** portal.md §2 Community: university events, public campus-group events and campus-group news. */
export function CommunityContainer() {
  const { t } = useLingui();
  const title = t`Community`;
  usePageTitle(title);
  const { reads }: CommunityLoad = communityRoute.useLoaderData();
  const groups = usePageRead(reads, 'groups');
  const news = usePageRead(reads, 'news');
  return (
    <CommunityPage
      toolbar={<PageToolbar title={title} />}
      universityEvents={<EventCalendarBlock place="other" load={() => reads.answer('events')} />}
      groupEvents={
        <FeedSection
          id="group-events"
          title={t`Campus group events`}
          status={groups.status}
          events={groups.data ?? []}
          emptyText={t`No upcoming group events right now.`}
          onRetry={groups.retry}
        />
      }
      news={
        <FeedSection
          id="group-news"
          title={t`Campus group news`}
          status={news.status}
          events={news.data ?? []}
          emptyText={t`No news right now.`}
          onRetry={news.retry}
          compact
          images="when-present"
        />
      }
      calendar={
        <CalendarSubscriptionBlock
          load={() => reads.answer('calendar')}
          onSaved={() => reads.forget('calendar')}
        />
      }
    />
  );
}
