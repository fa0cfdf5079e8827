import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { rootRoute } from './root.js';

/** `/task/{task_id}`: the id is optional and entering it redirects to `/`. */
export const taskRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/task/{-$task_id}',
  beforeLoad: () => {
    throw redirect({ to: '/' });
  },
});

/** `/logout`: the guard signs the user out and leaves for the backend logout address. */
export const logoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/logout',
  component: () => null,
});

/** The not-found screen, titled "Page not found" like every not-found answer of the portal. */
const notFound = lazyRouteComponent(
  () => import('../../pages/portal/content/content-container.js'),
  'NotFoundTitled',
);

export const notFoundRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/not-found',
  component: notFound,
});

/** `/404` is an alias of `/not-found`. */
export const notFoundAliasRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/404',
  component: notFound,
});
