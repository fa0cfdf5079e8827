import { useLingui } from '@lingui/react/macro';
import { CommunityPage } from '../../../ui/portal/community/community-page.js';
import { FeedSection } from '../../../ui/portal/community/feed-section.js';
import { CalendarSubscriptionBlock } from '../shared/blocks/calendar-subscription-block.js';
import { EventCalendarBlock } from '../shared/blocks/event-calendar-block.js';
import { useFeed } from '../shared/use-feed.js';
import { usePageTitle } from '../shared/page-title.js';
import { PageToolbar } from '../shared/blocks/page-toolbar-block.js';

/** portal.md §2 Community: university events, public campus-group events and campus-group news. */
export function CommunityContainer() {
  const { t } = useLingui();
  const title = t`Community`;
  usePageTitle(title);
  const groups = useFeed('campus-groups-events');
  const news = useFeed('campus-groups-news');
  return (
    <CommunityPage
      toolbar={<PageToolbar title={title} />}
      universityEvents={<EventCalendarBlock place="other" />}
      groupEvents={
        <FeedSection
          id="group-events"
          title={t`Campus group events`}
          status={groups.status}
          events={groups.events}
          emptyText={t`No upcoming group events right now.`}
          onRetry={groups.retry}
        />
      }
      news={
        <FeedSection
          id="group-news"
          title={t`Campus group news`}
          status={news.status}
          events={news.events}
          emptyText={t`No news right now.`}
          onRetry={news.retry}
          compact
          images="when-present"
        />
      }
      calendar={<CalendarSubscriptionBlock />}
    />
  );
}
