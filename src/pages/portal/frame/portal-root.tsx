import { Outlet } from '@tanstack/react-router';
import { Suspense, lazy } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { selectErrorsShowBanner } from '../../../machines/api-errors.machine.js';
import {
  selectApiErrorsActor,
  selectDelegating,
  selectErrorState,
  selectIsInitialised,
  selectUser,
} from '../../../machines/app.machine.js';
import { selectPageMayShow } from '../../../machines/banner.machine.js';
import type { bannerMachine } from '../../../machines/banner.machine.js';
import { AppFrame } from '../../../ui/portal/app-frame.js';
import { IntegrationBanner, NotAvailableOfflineBanner } from '../../../ui/portal/banner.js';
import { useAnyOffline, useOffline } from '../../shared/offline.js';
import { OfflineReads } from '../../shared/offline-reads.js';
import { OfflineNoticeSlot, UpdateNoticeSlot } from '../../shared/worker-notices.js';
import { csrfToken } from '../../../api/csrf.js';
import { ViewAsSlot } from '../../shared/view-as.js';
import { DelegateContext, ViewAsContext } from '../../../ui/view-as-context.js';
import { RecordNamesContext } from '../../../ui/record-text.js';
import { FeedZoneContext } from '../../../ui/portal/community/feed-zone.js';
import { Loading } from '../../../ui/loading.js';
import { ScrollAfterContent, usePendingContent } from '../../shared/scroll-restoration.js';
import { EmergencyAlertsBlock } from './emergency-alerts-block.js';
import { useMessageActors } from '../shared/use-message-actors.js';
import { usePortal } from '../../../routes/portal/context.js';
import {
  ConnectedFlash,
  ConnectedFooter,
  ConnectedModal,
  ConnectedSidebar,
} from './connected-frame.js';

/** Issue 88: a delegate's bar and pages, chunks of their own loaded only in delegate capacity. */
const DelegateBar = lazy(() =>
  import('../../../ui/delegate-bar.js').then((m) => ({ default: m.DelegateBar })),
);
const DelegatePage = lazy(() =>
  import('./delegate-page.js').then((m) => ({ default: m.DelegatePage })),
);

/**
 * portal.md §2 Error screen, a chunk of its own: a student's first screen never draws it, so its
 * code is not in the first route's scripts (issue 75); the service worker keeps it for offline.
 */
const ErrorScreen = lazy(() =>
  import('../../../ui/portal/error-screen.js').then((m) => ({ default: m.ErrorScreen })),
);

/**
 * The page, once the emergency alerts above it have answered (or their read outlasted its patience):
 * an alert arriving after the page would push the page down while the student reads it. The alerts
 * and the page come in one render, inside main, so nothing on screen moves.
 */
function PageBelowAlerts({ banner }: { banner: ActorRefFrom<typeof bannerMachine> }) {
  const mayShow = useSelector(banner, selectPageMayShow);
  // The page's content is still on its way: Back's saved position waits for it too.
  usePendingContent(!mayShow);
  return mayShow ? (
    <>
      <EmergencyAlertsBlock />
      <Outlet />
    </>
  ) : (
    <Loading />
  );
}

function Page() {
  const actors = useMessageActors();
  return actors ? <PageBelowAlerts banner={actors.banner} /> : <Loading />;
}

/** portal.md §2 Layout: above error state 1 a full error screen replaces the page. */
export function PortalRoot() {
  const { app, campus, connection, appUpdate, csrf: csrfOf = csrfToken } = usePortal();
  const initialised = useSelector(app, selectIsInitialised);
  const errorState = useSelector(app, selectErrorState);
  // portal.md §8 Banner: the error list's own rule (its changes leave the app's snapshot), or error_state 1.
  const errorsShowBanner = useSelector(
    useSelector(app, selectApiErrorsActor),
    selectErrorsShowBanner,
  );
  const banner = errorsShowBanner || errorState === 1;
  const offline = useAnyOffline(connection);
  // Offline with kept answers on the page, the offline notice says what was not kept, in one
  // message: never "showing what you saw" above "this page's information was not kept" (issue 76).
  const kept = useOffline(connection);
  const partial = banner && offline && kept;
  // Issue 73: support viewing as the student: the bar first, every change shown disabled.
  const viewAs = useSelector(app, (s) => selectUser(s)?.view_as ?? null);
  // Issue 88: a delegate reads the student's shared pages under their bar, every change disabled.
  const delegating = useSelector(app, selectDelegating);
  return (
    // portal.md §2 step 7: Back lands on the saved position once the page's sections have loaded.
    <ScrollAfterContent pending={!initialised && !delegating}>
      {/* Issue 76: the campus's names for record values in the reader's language, and its clock. */}
      <RecordNamesContext value={campus.recordNames}>
        <FeedZoneContext value={campus.timeZone}>
          <ViewAsSlot viewAs={viewAs} csrf={csrfOf()} />
          {delegating && (
            <Suspense fallback={null}>
              <DelegateBar share={delegating} timeZone={campus.timeZone} />
            </Suspense>
          )}
          <OfflineNoticeSlot connection={connection} timeZone={campus.timeZone} partial={partial} />
          {errorState > 1 ? (
            <Suspense fallback={<Loading />}>
              <ErrorScreen
                errorState={errorState}
                feedbackUrl={campus.links.feedback}
                offline={offline}
              />
            </Suspense>
          ) : (
            <DelegateContext value={delegating}>
              <ViewAsContext value={viewAs}>
                <AppFrame
                  sidebar={<ConnectedSidebar shared={delegating?.categories} />}
                  // Offline, what failed to load was not kept here: not the SIS's fault (issue 57).
                  banner={
                    !banner || partial ? null : offline ? (
                      <NotAvailableOfflineBanner />
                    ) : (
                      <IntegrationBanner />
                    )
                  }
                  flash={<ConnectedFlash />}
                  modal={<ConnectedModal />}
                  footer={<ConnectedFooter />}
                >
                  <OfflineReads connection={connection}>
                    {delegating ? (
                      <Suspense fallback={<Loading />}>
                        <DelegatePage share={delegating} />
                      </Suspense>
                    ) : initialised ? (
                      <Page />
                    ) : (
                      <Loading />
                    )}
                  </OfflineReads>
                </AppFrame>
              </ViewAsContext>
            </DelegateContext>
          )}
          <UpdateNoticeSlot appUpdate={appUpdate} />
        </FeedZoneContext>
      </RecordNamesContext>
    </ScrollAfterContent>
  );
}

/** Until the guard lets the first page through, the frame shows its loading placeholder. */
export function PortalPending() {
  return (
    <AppFrame sidebar={<ConnectedSidebar />} footer={<ConnectedFooter />}>
      <Loading />
    </AppFrame>
  );
}
