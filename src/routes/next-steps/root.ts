import { createRootRouteWithContext } from '@tanstack/react-router';
import { NextStepsRoot } from '../../pages/next-steps/frame/next-steps-root.js';
import type { NextStepsContext } from './context.js';

export const nextStepsRootRoute = createRootRouteWithContext<NextStepsContext>()({
  component: NextStepsRoot,
  // The drawn list's frame is hydrated in slices, as the list under it is, not in one long task
  // (issue 75): the router wraps a root in Suspense only when told to, once it renders on the server.
  wrapInSuspense: true,
});
