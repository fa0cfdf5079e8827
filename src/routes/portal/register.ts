// Registers the portal's router with TanStack Router, so <Link to>, params and search are checked
// against the portal's route tree. Only the portal's TypeScript project (tsconfig.portal.json)
// includes this file: Next Steps registers its own router in its own project.
import type { PortalRouter } from './router.js';

declare module '@tanstack/react-router' {
  interface Register {
    router: PortalRouter;
  }
}
