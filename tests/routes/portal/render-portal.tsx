import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { defaultCampus } from '../../../contract/campus.schema.js';
import type { UserResult } from '../../../src/api/user.js';
import { appMachine } from '../../../src/machines/app.machine.js';
import { PortalContextProvider } from '../../../src/routes/portal/context.js';
import { portalRouteTree } from '../../../src/routes/portal/router.js';

/** Renders the real portal routes at `path`, with the user call answered by `result`. */
export function renderPortal(path: string, result: () => Promise<UserResult>) {
  const app = createActor(
    appMachine.provide({
      actors: { fetchUser: fromPromise(result) },
      actions: { redirectToLogin: () => {} },
    }),
    { input: { returnTo: path } },
  ).start();
  const context = { app, campus: defaultCampus };
  const router = createRouter({
    routeTree: portalRouteTree,
    context,
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const view = render(
    <PortalContextProvider value={context}>
      <RouterProvider router={router} />
    </PortalContextProvider>,
  );
  return { ...view, router, app };
}
