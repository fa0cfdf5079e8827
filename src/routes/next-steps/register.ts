// Registers the Next Steps router with TanStack Router, so <Link to>, params and search are checked
// against its route tree. Only tsconfig.next-steps.json includes this file (see the portal's).
import type { NextStepsRouter } from './router.js';

declare module '@tanstack/react-router' {
  interface Register {
    router: NextStepsRouter;
  }
}
