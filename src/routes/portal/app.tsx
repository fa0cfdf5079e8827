import { RouterProvider } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { useLayoutEffect } from 'react';
import type { PortalRouter } from './router.js';

/** Runs `onMount` once the components before it have mounted (their layout effects run first). */
function AfterMount({ onMount }: { onMount: () => void }) {
  useLayoutEffect(() => {
    onMount();
  }, [onMount]);
  return null;
}

/**
 * Starts downloading the code of the page at the router's address (a page beyond the dashboard is
 * its own chunk), so it arrives while the guard asks who is signed in: the router would ask for it
 * only after the guard, behind the page's first reads. A chunk that fails here is the router's to
 * load again and show.
 */
function preloadPageCode(router: PortalRouter) {
  const [routes] = router.getMatchedRoutes(router.latestLocation.pathname);
  for (const route of routes) void route.options?.component?.preload?.()?.catch(() => {});
}

/**
 * The portal as the element to render, its router's first load started at once. The router would
 * begin that load only in a layout effect once the frame's first render has committed, and the guard
 * and the page's first reads would wait for it (about a third of a second on a slow phone). Until the
 * router's own component has mounted nothing else hears the history, so a redirect of the first load
 * (`/task/42` to `/`) is loaded from here until then; the router skips its own first load while this
 * one is under way or done.
 */
export function portalApp(router: PortalRouter): ReactElement {
  const stopLoadingOnHistory = router.history.subscribe(() => void router.load());
  preloadPageCode(router);
  void router.load();
  return portalElement(router, stopLoadingOnHistory);
}

/**
 * The portal's element: the same tree on the server (ssr/portal-render.tsx) and in the browser, so
 * the browser's hydration of a page the server drew finds each component where the server put it.
 */
export function portalElement(router: PortalRouter, onMount: () => void = () => {}): ReactElement {
  return (
    <>
      <RouterProvider router={router} />
      <AfterMount onMount={onMount} />
    </>
  );
}
