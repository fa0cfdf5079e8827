import type { DelegateCategory } from '../../contract/delegates.schema.js';

/**
 * Which category each API read a delegate may make belongs to (issue 73). A route named here is read
 * for a delegate only when the student granted its category; every other route of the API answers a
 * delegate 403, so the profile reads (student number, birth date, address, emergency contacts) are
 * never a delegate's. The term reads serve both Finances and Academics.
 */
const FINTI = '/api/integrations/finti/';
const ROUTES: Record<string, readonly DelegateCategory[]> = {
  [`${FINTI}holds`]: ['finances'],
  [`${FINTI}financial-account-summary`]: ['finances'],
  [`${FINTI}financial-aid-info`]: ['finances'],
  [`${FINTI}current-term`]: ['finances', 'academics'],
  [`${FINTI}term-info`]: ['finances', 'academics'],
  [`${FINTI}courses`]: ['academics'],
  [`${FINTI}schedule`]: ['academics'],
  [`${FINTI}grades`]: ['academics'],
  [`${FINTI}gpa`]: ['academics'],
  [`${FINTI}standing`]: ['academics'],
  [`${FINTI}advisor`]: ['academics'],
  [`${FINTI}curriculum-info`]: ['academics'],
  '/api/academics/attendance': ['academics'],
  '/api/integrations/mynextsteps/tasks': ['next-steps'],
  '/api/notifications/user': ['messages'],
  '/api/integrations/rave-messages': ['messages'],
};

/** The category of a route (its declared path), or undefined when no category shows it. */
export function categoriesOfRoute(url: string): readonly DelegateCategory[] {
  if (url.startsWith('/next-steps/api/')) return ['next-steps'];
  return ROUTES[url] ?? [];
}

/** The routes a category opens (the authorization matrix's delegate rows). */
export const routesOfCategory = (category: DelegateCategory): string[] =>
  Object.entries(ROUTES)
    .filter(([, categories]) => categories.includes(category))
    .map(([url]) => url);
