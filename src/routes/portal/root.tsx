import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import {
  selectErrorState,
  selectIsInitialised,
  selectShowsIntegrationBanner,
} from '../../machines/app.machine.js';
import { AppFrame } from '../../ui/portal/app-frame.js';
import { IntegrationBanner } from '../../ui/portal/banner.js';
import { ErrorScreen } from '../../ui/portal/error-screen.js';
import { Loading } from '../../ui/portal/loading.js';
import { ScrollAfterContent } from '../scroll-restoration.js';
import { usePortal } from './context.js';
import type { PortalContext } from './context.js';
import { ConnectedFlash, ConnectedFooter, ConnectedModal, ConnectedSidebar } from './frame.js';

/** portal.md §2 Layout: above error state 1 a full error screen replaces the page. */
function PortalRoot() {
  const { app, campus } = usePortal();
  const initialised = useSelector(app, selectIsInitialised);
  const errorState = useSelector(app, selectErrorState);
  const banner = useSelector(app, selectShowsIntegrationBanner);
  return (
    // portal.md §2 step 7: Back lands on the saved position once the page's sections have loaded.
    <ScrollAfterContent pending={!initialised}>
      {errorState > 1 ? (
        <ErrorScreen errorState={errorState} feedbackUrl={campus.links.feedback} />
      ) : (
        <AppFrame
          sidebar={<ConnectedSidebar />}
          banner={banner ? <IntegrationBanner /> : null}
          flash={<ConnectedFlash />}
          modal={<ConnectedModal />}
          footer={<ConnectedFooter />}
        >
          {initialised ? <Outlet /> : <Loading />}
        </AppFrame>
      )}
    </ScrollAfterContent>
  );
}

/** Until the guard lets the first page through, the frame shows its loading placeholder. */
function PortalPending() {
  return (
    <AppFrame sidebar={<ConnectedSidebar />} footer={<ConnectedFooter />}>
      <Loading />
    </AppFrame>
  );
}

export const rootRoute = createRootRouteWithContext<PortalContext>()({
  // Every navigation passes the guard first; preloading a link does not.
  beforeLoad: async ({ context, location, cause }) => {
    if (cause !== 'preload') await context.runGuard(location);
  },
  component: PortalRoot,
  pendingComponent: PortalPending,
  // The placeholder is the frame itself: the page may replace it as soon as it is ready.
  pendingMs: 0,
  pendingMinMs: 0,
});
