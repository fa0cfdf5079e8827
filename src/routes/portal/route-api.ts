import { getRouteApi } from '@tanstack/react-router';
import type { RouteIds } from '@tanstack/react-router';
import type { RegisteredPortalRouter as PortalRouter } from './router-type.js';

type PortalRouteId = RouteIds<PortalRouter['routeTree']>;

/**
 * A portal route's typed hooks (search, params, navigate) by its id, for containers that live in
 * their own chunk apart from the route definition (page-routes.ts). Typed against the portal's
 * router without registering it, so it type-checks in every TypeScript project; the router's type
 * comes from the leaf router-type.ts, which router.ts fills in (no import of router.ts: issue 77).
 */
export const portalRouteApi = <const TId extends PortalRouteId>(id: TId) =>
  getRouteApi<TId, PortalRouter>(id);
