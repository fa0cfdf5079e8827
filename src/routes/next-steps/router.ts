import { createRouter } from '@tanstack/react-router';
import type { RouterHistory } from '@tanstack/react-router';
import type { Campus } from '../../../contract/campus.schema.js';
import type { NextStepsContext } from './context.js';
import { nextStepsRootRoute } from './root.js';
import { affiliationsRoute, preferencesRoute } from './settings.js';
import { indexRoute, taskRoute } from './task.js';

export const nextStepsRouteTree = nextStepsRootRoute.addChildren([
  indexRoute,
  taskRoute,
  preferencesRoute,
  affiliationsRoute,
]);

/**
 * `context`: the list actor and the client, which every screen reaches through the router;
 * `history`: the browser's by default, tests pass a memory history.
 */
export function createNextStepsRouter(
  context: NextStepsContext,
  options: { history?: RouterHistory } = {},
) {
  // Scrolling is the router's: the top on a new page, the saved position on Back (once the list has
  // loaded: the root's <ScrollAfterContent>).
  return createRouter({
    routeTree: nextStepsRouteTree,
    context,
    basepath: '/next-steps',
    scrollRestoration: true,
    ...(options.history ? { history: options.history } : {}),
  });
}
export type NextStepsRouter = ReturnType<typeof createNextStepsRouter>;

// route-api.ts types the screens' route hooks by this router, through the leaf router-type.ts.
declare module './router-type.js' {
  interface NextStepsRouterRegister {
    router: NextStepsRouter;
  }
}

/**
 * Gives Next Steps the campus configuration in another language (issue 59: the portal's name in its
 * header, when the person's language is not the page's English): the screens read it from the
 * router's context, and draw again.
 */
export function showNextStepsCampus(router: NextStepsRouter, campus: Campus): void {
  router.update({ ...router.options, context: { ...router.options.context, campus } });
  void router.invalidate();
}
