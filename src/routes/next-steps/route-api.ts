import { getRouteApi } from '@tanstack/react-router';
import type { RouteIds } from '@tanstack/react-router';
import type { RegisteredNextStepsRouter as NextStepsRouter } from './router-type.js';

type NextStepsRouteId = RouteIds<NextStepsRouter['routeTree']>;

/**
 * A Next Steps route's typed hooks (search, params, navigate) by its id, for the containers in
 * src/pages/next-steps/, which the route definitions import: typed against the router without
 * registering it or importing the route objects, so it type-checks in every TypeScript project; the
 * router's type comes from the leaf router-type.ts, which router.ts fills in (issue 77).
 */
export const nextStepsRouteApi = <const TId extends NextStepsRouteId>(id: TId) =>
  getRouteApi<TId, NextStepsRouter>(id);
