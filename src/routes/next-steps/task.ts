import { createRoute, redirect } from '@tanstack/react-router';
import { taskSearchSchema } from '../../lib/task-filter.js';
import { TaskScreen } from '../../pages/next-steps/frame/task-screen.js';
import { nextStepsRootRoute } from './root.js';

/**
 * next-steps.md §2: the one route "task", with an optional task_id and the `show` query. It has no
 * `loader`: its list is the task list's, the Next Steps system's long-lived actor (in the router's
 * context, machines/next-steps.machine.ts), which reads the user and then the tasks (with the user's
 * token) as it starts, before the router exists, and keeps them fresh itself (its refresh child,
 * next-steps.md §4 Caching) for every screen. A loader's read would be a second read of the list,
 * not one the list could start from.
 */
export const taskRoute = createRoute({
  getParentRoute: () => nextStepsRootRoute,
  path: '/task/{-$task_id}',
  validateSearch: taskSearchSchema,
  component: TaskScreen,
});

/** `/next-steps/` opens the list. */
export const indexRoute = createRoute({
  getParentRoute: () => nextStepsRootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/task/{-$task_id}', params: { task_id: undefined }, search: {} });
  },
});
