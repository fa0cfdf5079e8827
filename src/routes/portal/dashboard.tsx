import { createRoute } from '@tanstack/react-router';
import { isStudent } from '../../../contract/roles.rules.js';
import { displayName } from '../../lib/display-name.js';
import { selectUser } from '../../machines/app.machine.js';
import { useSelector } from '@xstate/react';
import { Dashboard } from '../../ui/portal/dashboard.js';
import { MyNextStepsBlock } from './blocks/my-next-steps.js';
import { usePortal } from './context.js';
import { usePageTitle } from './page.js';
import { rootRoute } from './root.js';

function DashboardRoute() {
  const { app } = usePortal();
  const user = useSelector(app, selectUser);
  usePageTitle('Dashboard');
  if (!user) return null;
  return (
    <Dashboard
      name={displayName(user)}
      myNextSteps={isStudent(user) ? <MyNextStepsBlock /> : null}
    />
  );
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
