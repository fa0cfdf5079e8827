import { createRoute } from '@tanstack/react-router';
import {
  AffiliationsScreen,
  PreferencesScreen,
} from '../../pages/next-steps/settings/checklist-only.js';
import { nextStepsRootRoute } from './root.js';

/** next-steps.md §2 notification preferences (people with a checklist). */
export const preferencesRoute = createRoute({
  getParentRoute: () => nextStepsRootRoute,
  path: '/preferences',
  component: PreferencesScreen,
});

/** next-steps.md §2 affiliations (people with a checklist). */
export const affiliationsRoute = createRoute({
  getParentRoute: () => nextStepsRootRoute,
  path: '/affiliations',
  component: AffiliationsScreen,
});
