import { createRouter } from '@tanstack/react-router';
import { accountRoute } from './account.js';
import { communityRoute } from './community.js';
import { contentRoute, blogPostRoute, resourcesRoute } from './content.js';
import type { PortalContext } from './context.js';
import { dashboardAliasRoute, dashboardRoute } from './dashboard.js';
import { financesRoute } from './finances.js';
import { logoutRoute, notFoundAliasRoute, notFoundRoute, taskRoute } from './redirects.js';
import { rootRoute } from './root.js';
import { academicsRoute } from './academics.js';
import { messagesRoute } from './messages.js';

/** portal.md §2 route table. */
export const portalRouteTree = rootRoute.addChildren([
  dashboardRoute,
  dashboardAliasRoute,
  academicsRoute,
  messagesRoute,
  accountRoute,
  resourcesRoute,
  financesRoute,
  communityRoute,
  taskRoute,
  logoutRoute,
  blogPostRoute,
  notFoundRoute,
  notFoundAliasRoute,
  contentRoute,
]);

export function createPortalRouter(context: PortalContext) {
  return createRouter({ routeTree: portalRouteTree, context, defaultPreload: 'intent' });
}
