import { createRootRouteWithContext } from '@tanstack/react-router';
import { PortalPending, PortalRoot } from '../../pages/portal/frame/portal-root.js';
import type { PortalContext } from './context.js';

/** The portal's root: every page stands in its frame (src/pages/portal/frame/). */
export const rootRoute = createRootRouteWithContext<PortalContext>()({
  // Every navigation passes the guard first; preloading a link does not. The reads at the top of
  // every page (alerts, messages, the hold line) start as the app learns the user, in the guard.
  beforeLoad: async ({ context, location, cause }) => {
    if (cause !== 'preload') await context.runGuard(location);
  },
  component: PortalRoot,
  // A drawn page's frame is hydrated in slices, as the page under it is, not in one long task
  // (issue 75): the router wraps a root in Suspense only when told to, once it renders on the server.
  wrapInSuspense: true,
  pendingComponent: PortalPending,
  // The placeholder is the frame itself: the page may replace it as soon as it is ready.
  pendingMs: 0,
  pendingMinMs: 0,
});
