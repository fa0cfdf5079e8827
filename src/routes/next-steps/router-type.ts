import type { AnyRouter } from '@tanstack/react-router';

/**
 * Where the Next Steps router type is found without importing router.ts (issue 77: router.ts
 * imports the routes and so the screens, which type their route hooks through route-api.ts, so an
 * import the other way would close a circle). router.ts fills this in by declaration merging, as
 * TanStack Router's own `Register` works: `interface NextStepsRouterRegister { router: … }`.
 * A leaf: it imports nothing of the tree.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by router.ts
export interface NextStepsRouterRegister {}

/** The Next Steps router, as router.ts registers it. */
export type RegisteredNextStepsRouter = NextStepsRouterRegister extends {
  router: infer R extends AnyRouter;
}
  ? R
  : AnyRouter;
