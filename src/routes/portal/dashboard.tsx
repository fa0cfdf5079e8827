import { createRoute } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { isStudent } from '../../../contract/roles.rules.js';
import { createHttp } from '../../api/client.js';
import { fetchMyNextSteps } from '../../api/mynextsteps.js';
import { displayName } from '../../lib/display-name.js';
import { upcomingTasks } from '../../lib/task-rules.js';
import { formatShortDate } from '../../lib/time.js';
import { selectUser } from '../../machines/app.machine.js';
import { myNextStepsMachine, selectBlockTasks } from '../../machines/myNextSteps.machine.js';
import { Dashboard } from '../../ui/portal/dashboard.js';
import { MyNextSteps } from '../../ui/portal/my-next-steps.js';
import { usePortal } from './context.js';
import { rootRoute } from './root.js';

const http = createHttp();

/** portal.md §2 My Next Steps: the signed-in student's first 3 upcoming tasks, by Token auth. */
function MyNextStepsBlock() {
  const { app } = usePortal();
  const block = useActorRef(
    myNextStepsMachine.provide({
      actors: {
        fetchTasks: fromPromise(() =>
          fetchMyNextSteps(http, app.getSnapshot().context.user?.auth_token ?? ''),
        ),
      },
    }),
  );
  const tasks = useSelector(block, selectBlockTasks);
  const state = useSelector(block, (s) =>
    s.hasTag('loaded') ? 'loaded' : s.hasTag('error') ? 'error' : 'loading',
  );
  return (
    <MyNextSteps
      state={state}
      tasks={upcomingTasks(tasks)}
      dueLabel={(t) => (t.ends_on ? `Due ${formatShortDate(t.ends_on)}` : null)}
    />
  );
}

function DashboardRoute() {
  const { app } = usePortal();
  const user = useSelector(app, selectUser);
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
