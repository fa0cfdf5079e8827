import type { AnyRouter } from '@tanstack/react-router';

/**
 * Where the portal's router type is found without importing router.ts (issue 77: router.ts imports
 * the routes and so the pages, and the pages type their route hooks through route-api.ts, so an
 * import the other way would close a circle). router.ts fills this in by declaration merging, as
 * TanStack Router's own `Register` works: `interface PortalRouterRegister { router: PortalRouter }`.
 * A leaf: it imports nothing of the tree.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by router.ts
export interface PortalRouterRegister {}

/** The portal's router, as router.ts registers it. */
export type RegisteredPortalRouter = PortalRouterRegister extends {
  router: infer R extends AnyRouter;
}
  ? R
  : AnyRouter;
