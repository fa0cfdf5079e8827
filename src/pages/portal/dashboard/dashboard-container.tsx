import { useLingui } from '@lingui/react/macro';
import { SearchBoxSlotBlock } from '../search/search-box-slot.js';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ReactElement } from 'react';
import { fromPromise } from 'xstate';
import { previewReader } from '../../../../contract/content.rules.js';
import { seesStudentBlocks } from '../../../lib/sis-person.js';
import { fetchPage } from '../../../api/content.js';
import { dashboardContent } from '../../../lib/dashboard-blocks.js';
import { displayName } from '../../../lib/display-name.js';
import { selectUser } from '../../../machines/app.machine.js';
import { selectHoldSettled } from '../../../machines/banner.machine.js';
import { selectMessagesSettled } from '../../../machines/messages.machine.js';
import { selectSectionData, selectSectionStatus } from '../../../machines/section.machine.js';
import { Dashboard } from '../../../ui/portal/dashboard.js';
import { Loading } from '../../../ui/loading.js';
import { pageSectionMachine, usePostOptions, useReportFailure } from '../shared/content-support.js';
import { MyNextStepsBlock } from './blocks/my-next-steps-block.js';
import { MessageBannerBlock } from '../shared/blocks/message-banner-block.js';
import { MessageBellBlock } from '../shared/blocks/message-bell-block.js';
import type { MessageActors } from '../shared/use-message-actors.js';
import { useMessageActors } from '../shared/use-message-actors.js';
import { ProfileImageBlock } from '../shared/blocks/profile-image-block.js';
import { ProfileSummaryBlock } from '../shared/blocks/profile-summary-block.js';
import { TodaysClassesBlock } from './blocks/todays-classes-block.js';
import { WhatsNewBlock } from './blocks/whats-new-block.js';
import { pageSearchKey, previewAsOf } from '../shared/content-search.js';
import type { PageSearch } from '../shared/content-search.js';
import { usePortal } from '../../../routes/portal/context.js';
import { usePageTitle } from '../shared/page-title.js';
import { portalRouteApi } from '../../../routes/portal/route-api.js';
import { usePendingContent } from '../../shared/scroll-restoration.js';
import { takeEarlyRead } from '../../../lib/early-read.js';
import type { DashboardReads } from './early-read.js';
import { useReveal } from './use-reveal.js';
import { useArrangement } from './use-arrangement.js';
import type { User } from '../../../../contract/user.schema.js';
import type { DashboardProps } from '../../../ui/portal/dashboard-types.js';
import { idlePart } from '../../../lib/idle-part.js';
// The event calendar's look is the first screen's: a page the server drew shows it before its code.
import '../../../ui/portal/community/community.css';
import { useActorRef } from '../../../inspector/use-actor-ref.js';

/** The event calendar's code after the first screen (src/lib/idle-part.tsx); the server draws it whole. */
const EventCalendarBlock = idlePart(() =>
  import('../shared/blocks/event-calendar-block.js').then((m) => m.EventCalendarBlock),
);

/**
 * portal.md §2 Dashboard "Top": the hero (from the page's content) and the banner lines (messages,
 * nudges, the hold line) stand above the toolbar and the columns. The dashboard shows once they have
 * answered (or the reveal machine's patience ran out), so they never push the page down on arrival.
 */
function WhenTopSettled({
  actors,
  contentSettled,
  children,
}: {
  actors: MessageActors;
  contentSettled: boolean;
  children: ReactElement;
}) {
  const messagesSettled = useSelector(actors.messages, selectMessagesSettled);
  const holdSettled = useSelector(actors.banner, selectHoldSettled);
  const shown = useReveal(contentSettled && messagesSettled && holdSettled);
  usePendingContent(!shown);
  return shown ? children : <Loading />;
}

/** The dashboard in the person's own layout (issue #30); a staff preview shows the spec's. */
function ArrangedDashboard({ user, own, ...props }: DashboardProps & { user: User; own: boolean }) {
  const [arrangement, layoutActor] = useArrangement(user);
  return (
    <>
      {layoutActor}
      <Dashboard {...props} arrangement={own ? arrangement : undefined} />
    </>
  );
}

/**
 * portal.md §2 Dashboard: the content of the page "dashboard" (content slug of `/`) sorted into the
 * §2 blocks, with the banner, the toolbar's bell and profile image, the profile summary, Today's
 * Classes (students) and the event calendar in their §2 places. A staff preview as a role sorts the
 * posts by that role; the blocks about the user themself stay theirs.
 */
function DashboardForSearch({
  search,
  reads,
}: {
  search: PageSearch;
  reads: DashboardReads | null;
}) {
  const { app, http } = usePortal();
  const user = useSelector(app, selectUser);
  const reportFailure = useReportFailure('dashboard');
  const options = usePostOptions();
  const preview = search.published === 'all' && user?.is_staff === true;
  const as = previewAsOf(search, user?.is_staff === true);
  const { t } = useLingui();
  // The page's name in the reader's language: "Inicio · Campus Portal" in Spanish (issue 76).
  usePageTitle(t`Dashboard`);
  const section = useActorRef(
    pageSectionMachine.provide({
      actors: {
        // The route's loader started the published page's read (loader data); a preview reads its own.
        load: fromPromise(
          () =>
            (preview || as ? null : takeEarlyRead(reads?.page)) ??
            fetchPage(http, '/', preview, as),
        ),
      },
      actions: { reportFailure },
    }),
  );
  const status = useSelector(section, selectSectionStatus);
  // Back lands on the saved position once the page's content is in (portal.md §2 step 7).
  usePendingContent(status === 'loading');
  const page = useSelector(section, selectSectionData);
  const content = useMemo(
    () =>
      dashboardContent(
        page?.posts ?? [],
        page?.preview_as
          ? previewReader(page.preview_as)
          : (user ?? {
              primary_role: 'student',
              other_roles: [],
              financial_dashboard_access: false,
            }),
      ),
    [page, user],
  );
  const messageActors = useMessageActors();
  if (!user || !messageActors) return null;
  // A staff preview shows the page as published for a role, not the previewer's own layout.
  const own = !preview && !as;
  return (
    <WhenTopSettled actors={messageActors} contentSettled={status !== 'loading'}>
      <ArrangedDashboard
        name={displayName(user)}
        content={content}
        status={status === 'empty' ? 'loaded' : status}
        onRetry={() => section.send({ type: 'section.retry' })}
        preview={page?.preview === true}
        previewAs={page?.preview_as ?? null}
        onOpenModal={options.onOpenModal}
        embedUrl={options.embedUrl}
        whatsNew={<WhatsNewBlock early={reads?.news} />}
        banner={<MessageBannerBlock />}
        search={<SearchBoxSlotBlock />}
        bell={<MessageBellBlock />}
        profileImage={<ProfileImageBlock />}
        profileSummary={<ProfileSummaryBlock place="dashboard" early={reads?.student} />}
        todaysClasses={
          seesStudentBlocks(user) ? (
            <TodaysClassesBlock early={reads?.student?.currentTerm} />
          ) : null
        }
        eventCalendar={
          <EventCalendarBlock place="dashboard" load={() => takeEarlyRead(reads?.events)} />
        }
        myNextSteps={
          seesStudentBlocks(user) ? <MyNextStepsBlock early={reads?.student?.tasks} /> : null
        }
        user={user}
        own={own}
      />
    </WhenTopSettled>
  );
}

const dashboard = portalRouteApi('/');
const dashboardAlias = portalRouteApi('/dashboard');

/** The dashboard at `/`. */
export function DashboardContainer(): ReactElement {
  const search = dashboard.useSearch();
  const { reads } = dashboard.useLoaderData();
  // A new preview choice is a new load.
  return <DashboardForSearch key={pageSearchKey(search)} search={search} reads={reads} />;
}

/** The dashboard at its alias `/dashboard`. */
export function DashboardAliasContainer(): ReactElement {
  const search = dashboardAlias.useSearch();
  const { reads } = dashboardAlias.useLoaderData();
  return <DashboardForSearch key={pageSearchKey(search)} search={search} reads={reads} />;
}
