import { integrationsAvailable } from '../../machines/fixtures.js';
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { defaultCampus } from '../../../contract/campus.schema.js';
import type { Site } from '../../../contract/campus.schema.js';
import type { UserResult } from '../../../src/api/user.js';
import { createPortalShell } from '../../../src/portal-shell.js';
import type { ShellServices } from '../../../src/portal-shell.js';
import { PortalContextProvider } from '../../../src/routes/portal/context.js';
import { portalRouteTree } from '../../../src/routes/portal/router.js';

export interface RenderOptions {
  services?: Partial<ShellServices>;
  site?: Partial<Site>;
  demoActive?: boolean;
}

/**
 * Renders the real portal routes at `path` through the real shell, with the user call answered by
 * `result` and every other call answered by a fake. Navigations away from the app are recorded.
 */
export function renderPortal(
  path: string,
  result: () => Promise<UserResult>,
  options: RenderOptions = {},
) {
  // The router resets the scroll itself; jsdom has no scrolling.
  window.scrollTo = () => {};
  const left: string[] = [];
  const scrolled: Array<number | string> = [];
  const services: ShellServices = {
    checkStatus: async () => integrationsAvailable,
    fetchUser: result,
    clearCache: async () => ({ cleared: 0 }),
    refreshRoles: () => new Promise(() => {}),
    setDemoState: async (active) => active,
    loadProfile: async () => null,
    findPost: async () => null,
    ...options.services,
  };
  const { context, connectRouter } = createPortalShell({
    site: { campus: defaultCampus, build: 'abc1234', ...options.site },
    services,
    demoActive: options.demoActive ?? false,
    effects: {
      assign: (url) => left.push(url),
      scrollTo: (y) => scrolled.push(y),
      scrollToAnchor: (id) => scrolled.push(`#${id}`),
    },
  });
  const router = createRouter({
    routeTree: portalRouteTree,
    context,
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  connectRouter(router, () => 0);
  const view = render(
    <PortalContextProvider value={context}>
      <RouterProvider router={router} />
    </PortalContextProvider>,
  );
  return { ...view, router, ...context, left, scrolled };
}
