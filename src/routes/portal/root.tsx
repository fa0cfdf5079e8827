import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { ParsedLocation } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { startPageRead } from '../../api/content.js';
import { loadSanitizer } from '../../lib/rich-text.js';
import {
  selectErrorState,
  selectIsInitialised,
  selectShowsIntegrationBanner,
  selectUser,
} from '../../machines/app.machine.js';
import { selectPageMayShow } from '../../machines/banner.machine.js';
import type { bannerMachine } from '../../machines/banner.machine.js';
import { AppFrame } from '../../ui/portal/app-frame.js';
import { IntegrationBanner } from '../../ui/portal/banner.js';
import { ErrorScreen } from '../../ui/portal/error-screen.js';
import { Loading } from '../../ui/portal/loading.js';
import { ScrollAfterContent } from '../scroll-restoration.js';
import { EmergencyAlertsBlock } from './blocks/emergency-alerts.js';
import { messageActorsFor } from './blocks/message-actors.js';
import { useMessageActors } from './blocks/use-message-actors.js';
import { usePortal } from './context.js';
import type { PortalContext } from './context.js';
import { ConnectedFlash, ConnectedFooter, ConnectedModal, ConnectedSidebar } from './frame.js';

/** The dashboard's paths (portal.md §2 route table): its page content is read before it renders. */
const DASHBOARD_PATHS = new Set(['/', '/dashboard']);

/**
 * Once the guard lets a page through, the reads at the top of every page (emergency alerts, messages,
 * the hold line) and the dashboard's content start at once, while the page's code renders, rather
 * than when the page's blocks first ask for them.
 */
function startFirstReads(context: PortalContext, location: ParsedLocation) {
  const user = selectUser(context.app.getSnapshot());
  if (!user) return;
  // The sanitiser's chunk comes alongside the first content (src/lib/rich-text.ts).
  loadSanitizer().catch(() => {});
  messageActorsFor(context, user);
  // A staff preview (`?published=all`, `?preview_role=`) reads its own way.
  const preview = /[?&](published|preview_role)=/.test(location.searchStr);
  if (DASHBOARD_PATHS.has(location.pathname) && !preview) {
    startPageRead(context.http, '/');
  }
}

/**
 * The page, once the emergency alerts above it have answered (or their read outlasted its patience):
 * an alert arriving after the page would push the page down while the student reads it. The alerts
 * and the page come in one render, inside main, so nothing on screen moves.
 */
function PageBelowAlerts({ banner }: { banner: ActorRefFrom<typeof bannerMachine> }) {
  return useSelector(banner, selectPageMayShow) ? (
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
          {initialised ? <Page /> : <Loading />}
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
    if (cause !== 'preload') {
      await context.runGuard(location);
      startFirstReads(context, location);
    }
  },
  component: PortalRoot,
  pendingComponent: PortalPending,
  // The placeholder is the frame itself: the page may replace it as soon as it is ready.
  pendingMs: 0,
  pendingMinMs: 0,
});
