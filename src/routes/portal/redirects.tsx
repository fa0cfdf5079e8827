import { createRoute, redirect } from '@tanstack/react-router';
import { NotFound } from '../../ui/portal/not-found.js';
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

export const notFoundRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/not-found',
  component: NotFound,
});

/** `/404` is an alias of `/not-found`. */
export const notFoundAliasRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/404',
  component: NotFound,
});
