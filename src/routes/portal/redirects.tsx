import { createRoute, redirect } from '@tanstack/react-router';
import { LOGOUT_URL } from '../../lib/login.js';
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

/** `/logout` signs the user out and leaves for the backend logout address. */
export const logoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/logout',
  beforeLoad: () => {
    window.location.assign(LOGOUT_URL);
  },
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
