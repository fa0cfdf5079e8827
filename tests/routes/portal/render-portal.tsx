import { integrationsAvailable } from '../../machines/fixtures.js';
import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { defaultCampus } from '../../../contract/campus.schema.js';
import type { Site } from '../../../contract/campus.schema.js';
import type { UserResult } from '../../../src/api/user.js';
import { createHttp } from '../../../src/api/client.js';
import { firstReadsFor } from '../../../src/api/first-reads.js';
import type { Http } from '../../../src/api/client.js';
import { reportOutages } from '../../../src/portal-shell.js';
import {
  createPortalShell,
  followReader,
  messageServicesFor,
  withSite,
} from '../../../src/portal-shell.js';
import type { ShellServices } from '../../../src/portal-shell.js';
import { portalApp } from '../../../src/routes/portal/app.js';
import { createPortalRouter } from '../../../src/routes/portal/router.js';

// The pages are their own chunks, loaded on first visit; loaded here up front, a test's first
// look at a page waits for the page's data, not for its module to be compiled.
await Promise.all([
  import('../../../src/pages/portal/academics/academics-container.js'),
  import('../../../src/pages/portal/account/account-container.js'),
  import('../../../src/pages/portal/community/community-container.js'),
  import('../../../src/pages/portal/content/content-container.js'),
  import('../../../src/pages/portal/finances/finances-container.js'),
  import('../../../src/pages/portal/messages/messages-container.js'),
]);

/** The real fetch, as it was before any test stubbed the global (`vi.stubGlobal('fetch', …)`). */
const unstubbedFetch = globalThis.fetch;

/**
 * The default client's network: a test that stubbed the global fetch (`stubApi`, `vi.fn`) answers
 * every call, as the browser's network would; without a stub every call is 404, never the real net.
 */
const testFetch: typeof fetch = (input, init) =>
  globalThis.fetch !== unstubbedFetch || vi.isMockFunction(globalThis.fetch)
    ? globalThis.fetch(input, init)
    : Promise.resolve(Response.json({ detail: 'No fake answer' }, { status: 404 }));

export interface RenderOptions {
  /**
   * The API client page containers use (`usePortal().http`). By default the portal's client with
   * the user's token and outage reporting, answered by the test's stubbed global fetch, or 404.
   */
  http?: Http;
  services?: Partial<ShellServices>;
  site?: Partial<Site>;
  demoActive?: boolean;
}

/**
 * The real portal router at `path` with the real portal machines, not rendered: the user call is
 * answered by `result` and every other call by a fake. Navigations away from the app are recorded
 * in `left`.
 */
export function portalRouterAt(
  path: string,
  result: () => Promise<UserResult>,
  options: RenderOptions = {},
) {
  const left: string[] = [];
  // The client and the shell refer to each other; neither calls the other before both exist.
  const http =
    options.http ??
    createHttp({
      baseUrl: 'http://portal.test/api',
      getToken: () => shell.app.getSnapshot().context.user?.auth_token ?? null,
      fetch: testFetch,
      onFailure: (error) => reportOutages(shell.portal)(error),
    });
  // The banner and the first page share these reads, as in the browser (main.tsx).
  const firstReads = firstReadsFor(http);
  const reader = followReader(result);
  const services: ShellServices = {
    // The message center and banner read through the page's client, as in the browser.
    messages: messageServicesFor(http, firstReads, reader.readsNudges),
    checkStatus: async () => integrationsAvailable,
    fetchUser: reader.fetchUser,
    clearCache: async () => ({ cleared: 0 }),
    refreshRoles: () => new Promise(() => {}),
    setDemoState: async (active) => active,
    loadProfile: async () => null,
    findPost: async () => null,
    ...options.services,
  };
  const shell = createPortalShell({
    services,
    demoActive: options.demoActive ?? false,
    leave: (url) => left.push(url),
  });
  const site = { campus: defaultCampus, build: 'abc1234', ...options.site };
  const router = createPortalRouter(withSite(shell, site, http, firstReads), {
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  return { router, left };
}

/**
 * Renders the real portal routes at `path` as the browser does (`portalApp`), through the real
 * portal machine, with the user call answered by `result` and every other call answered by a fake.
 * Navigations away from the app are recorded in `left`; the router's scrolls in `scrolled` (a y
 * position, or `#id` for an anchor).
 */
export function renderPortal(
  path: string,
  result: () => Promise<UserResult>,
  options: RenderOptions = {},
) {
  const scrolled: Array<number | string> = [];
  // jsdom does not scroll: the router's scroll restoration is recorded instead.
  window.scrollTo = ((options?: ScrollToOptions | number, y?: number) => {
    scrolled.push(typeof options === 'number' ? (y ?? 0) : (options?.top ?? 0));
  }) as typeof window.scrollTo;
  Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
    scrolled.push(`#${this.id}`);
  };
  const { router, left } = portalRouterAt(path, result, options);
  const view = render(portalApp(router));
  return { ...view, router, ...router.options.context, left, scrolled };
}
