import { createRootRouteWithContext } from '@tanstack/react-router';
import { NextStepsRoot } from '../../pages/next-steps/frame/next-steps-root.js';
import type { NextStepsContext } from './context.js';

export const nextStepsRootRoute = createRootRouteWithContext<NextStepsContext>()({
  component: NextStepsRoot,
  wrapInSuspense: true,
});
