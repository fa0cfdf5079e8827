import { createRoute } from '@tanstack/react-router';
import {
  AffiliationsContainer,
  PreferencesContainer,
} from '../../pages/next-steps/settings/settings-container.js';
import { nextStepsRootRoute } from './root.js';

/** next-steps.md §2 notification preferences. */
export const preferencesRoute = createRoute({
  getParentRoute: () => nextStepsRootRoute,
  path: '/preferences',
  component: PreferencesContainer,
});

/** next-steps.md §2 affiliations. */
export const affiliationsRoute = createRoute({
  getParentRoute: () => nextStepsRootRoute,
  path: '/affiliations',
  component: AffiliationsContainer,
});
