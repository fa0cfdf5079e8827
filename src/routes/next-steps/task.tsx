import { createRoute, redirect } from '@tanstack/react-router';
import { filterLabel, filterOf, taskSearchSchema } from '../../lib/task-filter.js';
import { TaskListPage } from '../../ui/next-steps/task-list-page.js';
import { nextStepsRootRoute } from './root.js';

/** next-steps.md §2: the one route "task", with an optional task_id and the `show` query. */
export const taskRoute = createRoute({
  getParentRoute: () => nextStepsRootRoute,
  path: '/task/{-$task_id}',
  validateSearch: taskSearchSchema,
  component: function TaskRoute() {
    const search = taskRoute.useSearch();
    return <TaskListPage heading={filterLabel(filterOf(search))} />;
  },
});

/** `/next-steps/` opens the list. */
export const indexRoute = createRoute({
  getParentRoute: () => nextStepsRootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/task/{-$task_id}', params: {}, search: {} });
  },
});
