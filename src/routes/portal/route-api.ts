import { getRouteApi } from '@tanstack/react-router';
import type { RouteIds } from '@tanstack/react-router';
import type { PortalRouter } from './router.js';

type PortalRouteId = RouteIds<PortalRouter['routeTree']>;

/**
 * A portal route's typed hooks (search, params, navigate) by its id, for containers that live in
 * their own chunk apart from the route definition (page-routes.ts). Typed against the portal's
 * router without registering it, so it type-checks in every TypeScript project.
 */
export const portalRouteApi = <const TId extends PortalRouteId>(id: TId) =>
  getRouteApi<TId, PortalRouter>(id);
