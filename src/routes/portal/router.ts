import { createBrowserHistory, createRouter } from '@tanstack/react-router';
import type { RouterHistory } from '@tanstack/react-router';
import type { Campus } from '../../../contract/campus.schema.js';
import type { PortalActors, PortalContext } from './context.js';
import { dashboardAliasRoute, dashboardRoute } from './dashboard.js';
import { guardNavigations } from './navigation.js';
import {
  academicsRoute,
  accountRoute,
  blogPostRoute,
  communityRoute,
  contentRoute,
  financesRoute,
  mapRoute,
  messagesRoute,
  resourcesRoute,
  searchRoute,
} from './page-routes.js';
import { logoutRoute, notFoundAliasRoute, notFoundRoute, taskRoute } from './redirects.js';
import { rootRoute } from './root.js';

/** portal.md §2 route table. */
export const portalRouteTree = rootRoute.addChildren([
  dashboardRoute,
  dashboardAliasRoute,
  academicsRoute,
  messagesRoute,
  accountRoute,
  resourcesRoute,
  mapRoute,
  financesRoute,
  communityRoute,
  searchRoute,
  taskRoute,
  logoutRoute,
  blogPostRoute,
  notFoundRoute,
  notFoundAliasRoute,
  contentRoute,
]);

export interface PortalRouterOptions {
  /** The browser's history by default; tests pass a memory history. */
  history?: RouterHistory;
  /**
   * The router's scroll restoration; a server render (issue 75) has none: it would write an inline
   * script the page's CSP forbids, and the browser restores the scroll itself once it hydrates.
   */
  scrollRestoration?: boolean;
}

/**
 * The portal's router. portal.md §2 step 7 is the router's own scroll restoration: the hash anchor
 * if there is one, else the position saved for that history entry, else the top; the root's
 * `<ScrollAfterContent>` (src/pages/shared/scroll-restoration.tsx) goes there again once late sections
 * have loaded.
 */
export function createPortalRouter(
  base: PortalActors & Omit<PortalContext, 'runGuard' | keyof PortalActors>,
  options: PortalRouterOptions = {},
) {
  const history = options.history ?? createBrowserHistory();
  const context: PortalContext = { ...base, runGuard: guardNavigations(history, base) };
  const router = createRouter({
    routeTree: portalRouteTree,
    context,
    history,
    defaultPreload: 'intent',
    scrollRestoration: options.scrollRestoration ?? true,
  });
  // Following a link closes the menus.
  router.subscribe('onBeforeNavigate', () => base.portal.send({ type: 'router.navigated' }));
  return router;
}

export type PortalRouter = ReturnType<typeof createPortalRouter>;

// route-api.ts types the pages' route hooks by this router, through the leaf router-type.ts.
declare module './router-type.js' {
  interface PortalRouterRegister {
    router: PortalRouter;
  }
}

/**
 * Gives the portal the campus configuration in another language (issue 59: the portal's name, the
 * footer's tools, the safety number, when the person switches language): the pages read it from the
 * router's context, and draw again. Its answers are not asked for again: the campus texts are not
 * in them.
 */
export function showCampus(router: PortalRouter, campus: Campus): void {
  router.update({ ...router.options, context: { ...router.options.context, campus } });
  // A load draws the readers again; a page's answers in the router's cache stand while fresh.
  void router.load();
}
