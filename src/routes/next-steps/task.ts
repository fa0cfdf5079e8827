import { createRoute, redirect } from '@tanstack/react-router';
import { taskSearchSchema } from '../../lib/task-filter.js';
import { TaskScreen } from '../../pages/next-steps/frame/task-screen.js';
import { nextStepsRootRoute } from './root.js';

/** next-steps.md §2: the one route "task", with an optional task_id and the `show` query. */
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
