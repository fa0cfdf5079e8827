import { Outlet } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { selectErrorsShowBanner } from '../../../machines/api-errors.machine.js';
import {
  selectApiErrorsActor,
  selectErrorState,
  selectIsInitialised,
} from '../../../machines/app.machine.js';
import { selectPageMayShow } from '../../../machines/banner.machine.js';
import type { bannerMachine } from '../../../machines/banner.machine.js';
import { AppFrame } from '../../../ui/portal/app-frame.js';
import { IntegrationBanner, NotAvailableOfflineBanner } from '../../../ui/portal/banner.js';
import { useAnyOffline } from '../../shared/offline.js';
import { OfflineReads } from '../../shared/offline-reads.js';
import { OfflineNoticeSlot, UpdateNoticeSlot } from '../../shared/worker-notices.js';
import { ErrorScreen } from '../../../ui/portal/error-screen.js';
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
  const { app, campus, connection, appUpdate } = usePortal();
  const initialised = useSelector(app, selectIsInitialised);
  const errorState = useSelector(app, selectErrorState);
  // portal.md §8 Banner: the error list's own rule (its changes leave the app's snapshot), or error_state 1.
  const errorsShowBanner = useSelector(
    useSelector(app, selectApiErrorsActor),
    selectErrorsShowBanner,
  );
  const banner = errorsShowBanner || errorState === 1;
  const offline = useAnyOffline(connection);
  return (
    // portal.md §2 step 7: Back lands on the saved position once the page's sections have loaded.
    <ScrollAfterContent pending={!initialised}>
      <OfflineNoticeSlot connection={connection} timeZone={campus.timeZone} />
      {errorState > 1 ? (
        <ErrorScreen
          errorState={errorState}
          feedbackUrl={campus.links.feedback}
          offline={offline}
        />
      ) : (
        <AppFrame
          sidebar={<ConnectedSidebar />}
          // Offline, what failed to load was not kept here: not the SIS's fault (issue 57).
          banner={banner ? offline ? <NotAvailableOfflineBanner /> : <IntegrationBanner /> : null}
          flash={<ConnectedFlash />}
          modal={<ConnectedModal />}
          footer={<ConnectedFooter />}
        >
          <OfflineReads connection={connection}>
            {initialised ? <Page /> : <Loading />}
          </OfflineReads>
        </AppFrame>
      )}
      <UpdateNoticeSlot appUpdate={appUpdate} />
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
