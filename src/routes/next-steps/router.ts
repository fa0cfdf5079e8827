import { createRouter } from '@tanstack/react-router';
import { nextStepsRootRoute } from './root.js';
import { affiliationsRoute, preferencesRoute } from './settings.js';
import { indexRoute, taskRoute } from './task.js';

export const nextStepsRouteTree = nextStepsRootRoute.addChildren([
  indexRoute,
  taskRoute,
  preferencesRoute,
  affiliationsRoute,
]);

export function createNextStepsRouter() {
  return createRouter({ routeTree: nextStepsRouteTree, basepath: '/next-steps' });
}
export type NextStepsRouter = ReturnType<typeof createNextStepsRouter>;
