import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { academicsSearchSchema } from '../../pages/portal/academics/academics-search.js';
import { contentSearchSchema } from '../../pages/portal/shared/content-support.js';
import { pageSearchSchema } from '../../pages/portal/shared/content-search.js';
import type { AcademicsLoad } from '../../pages/portal/academics/academics-reads.js';
import type { AccountLoad } from '../../pages/portal/account/account-reads.js';
import type { CommunityLoad } from '../../pages/portal/community/community-reads.js';
import type { ContentLoad } from '../../pages/portal/content/content-reads.js';
import type { FinancesLoad } from '../../pages/portal/finances/finances-reads.js';
import type { MapLoad } from '../../pages/portal/map/map-reads.js';
import { mapSearchSchema } from '../../pages/portal/map/map-search.js';
import { withReads } from './page-loading.js';
import { rootRoute } from './root.js';

/**
 * The portal's pages beyond the dashboard (portal.md §2 route table). Each page's container is its
 * own chunk, loaded when the route is first needed and preloaded on intent (the router's
 * `defaultPreload: 'intent'`: hovering or focusing a link), so the first route downloads only its
 * own code. Only the routing lives here; the containers are in the page files.
 *
 * A page's `loader` starts the reads its page names (the page's read declaration, in the page's
 * chunk: the loader and the component import it once), as the router loads the route or preloads
 * it. Its loader data holds their answers: the router's cache, shown again while
 * fresh (five minutes) without asking.
 */

/** A page's chunk: its container, and the reads its loader starts (one import for both). */
const academicsPage = () => import('../../pages/portal/academics/academics-container.js');
const accountPage = () => import('../../pages/portal/account/account-container.js');
const financesPage = () => import('../../pages/portal/finances/finances-container.js');
const communityPage = () => import('../../pages/portal/community/community-container.js');
const contentPage = () => import('../../pages/portal/content/content-container.js');
const mapPage = () => import('../../pages/portal/map/map-container.js');

export const academicsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/academics',
  validateSearch: academicsSearchSchema,
  // The term picker's `?term=` is the grades' read's argument, not a dep: another term reads its
  // grades only, the page's other answers kept.
  ...withReads<AcademicsLoad>(academicsPage),
  component: lazyRouteComponent(academicsPage, 'AcademicsContainer'),
});

/**
 * `/messages` has no loader: its list is the message center's, the long-lived actor the banner and
 * the bell read too (read as the guard lets the page through, kept and marked read across pages).
 */
export const messagesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/messages',
  component: lazyRouteComponent(
    () => import('../../pages/portal/messages/messages-container.js'),
    'MessagesContainer',
  ),
});

/** `/account` with the anchors #holds and #profile (portal.md §2). */
export const accountRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/account',
  ...withReads<AccountLoad>(accountPage),
  component: lazyRouteComponent(accountPage, 'AccountContainer'),
});

/** `/finances`: the account summary in USD and financial aid by aid year. */
export const financesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/finances',
  ...withReads<FinancesLoad>(financesPage),
  component: lazyRouteComponent(financesPage, 'FinancesContainer'),
});

/** `/community`: the university's events, the campus groups' events and news. */
export const communityRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/community',
  ...withReads<CommunityLoad>(communityPage),
  component: lazyRouteComponent(communityPage, 'CommunityContainer'),
});

/** `/resources`: the generic content page with the slug "resources". */
export const resourcesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/resources',
  validateSearch: pageSearchSchema,
  ...withReads<ContentLoad>(contentPage),
  component: lazyRouteComponent(contentPage, 'ResourcesContainer'),
});

/**
 * `/map?q=` (issue 89): the campus's buildings, searched by code or name, today's classes' first.
 * The search is no dep: it filters the buildings read once.
 */
export const mapRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/map',
  validateSearch: mapSearchSchema,
  ...withReads<MapLoad>(mapPage),
  component: lazyRouteComponent(mapPage, 'MapContainer'),
});

/** `/whats-new/{blog_slug}`: a blog post, not-found for an unknown slug. */
export const blogPostRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/whats-new/$blog_slug',
  validateSearch: contentSearchSchema,
  ...withReads<ContentLoad>(contentPage),
  component: lazyRouteComponent(contentPage, 'BlogPostContainer'),
});

/** `?q=`: what was searched, so Back returns to it; anything else reads as no query. */
const searchPageSearchSchema = z.object({
  q: z.string().max(200).optional().catch(undefined),
});

/**
 * `/search?q=`: every result of a portal search, grouped, with where to look when none. It has no
 * loader: its answer is the search machine's, which asks as a query is typed on the page (after a
 * pause, a newer query dropping an older one's answer), not as an address loads; a loader would
 * answer the address's first query only, and a link's preload on hover would search for someone
 * who may never open it. A search's results are not kept: each is asked anew.
 */
export const searchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/search',
  validateSearch: searchPageSearchSchema,
  component: lazyRouteComponent(
    () => import('../../pages/portal/search/search-container.js'),
    'SearchContainer',
  ),
});

/** Any other path: the generic content page loaded by path (pathMatch). */
export const contentRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  validateSearch: pageSearchSchema,
  ...withReads<ContentLoad>(contentPage),
  component: lazyRouteComponent(contentPage, 'ContentContainer'),
});
