import { createRoute } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { displayName } from '../../lib/display-name.js';
import { selectUser } from '../../machines/app.machine.js';
import { Dashboard } from '../../ui/portal/dashboard.js';
import { usePortal } from './context.js';
import { rootRoute } from './root.js';

function DashboardRoute() {
  const { app } = usePortal();
  const user = useSelector(app, selectUser);
  return user ? <Dashboard name={displayName(user)} /> : null;
}

export const dashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: DashboardRoute,
});

/** `/dashboard` is an alias of `/`. */
export const dashboardAliasRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/dashboard',
  component: DashboardRoute,
});
