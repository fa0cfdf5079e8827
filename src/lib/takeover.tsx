import { useEffect } from 'react';
import type { ReactNode } from 'react';
import type { HydrationOptions } from 'react-dom/client';

/**
 * The moment the app has taken over a page the server drew (issue 75). Until then
 * `public/theme.js` holds the presses on what needs the app and notes the fields typed into; the
 * function it keeps on `window` under `TAKEOVER_KEY` lets them go to the app, once.
 */

/** Where `public/theme.js` keeps its hand-over; the same name is written there. */
export const TAKEOVER_KEY = 'campusPortalTakeover';

declare global {
  interface Window {
    campusPortalTakeover?: unknown;
  }
}

const isHandOver = (value: unknown): value is () => void => typeof value === 'function';

/**
 * Marks the page as being hydrated (`data-hydrating` on <html>, until `public/theme.js` has handed
 * over). From then on a link pressed is held with the rest and pressed again once the app has the
 * page: before, it leads on by itself (the page's code may never come), but a page change while
 * React hydrates leaves the router's matches and the parts not yet hydrated apart, and React then
 * draws the page again and loses the press.
 */
export function startHydrating(): void {
  document.documentElement.setAttribute('data-hydrating', '');
}

/** Hands what the person did before the takeover to the app (nothing, if nothing was held). */
export function takeOver(): void {
  const handOver = window[TAKEOVER_KEY];
  if (isHandOver(handOver)) handOver();
}

/**
 * Whether every part of the page under a Suspense boundary (the router's outlet holds one around
 * each page) has been hydrated: React hydrates such a part after the rest, in a task of its own at
 * the lowest priority, and only then are its effects run (the search box's "/" among them). A
 * boundary the server drew is between `<!--$-->` and `<!--/$-->`; React's record of an element,
 * kept on it under `__reactFiber$…`, is there once the element has been hydrated.
 */
export function hydratedWhole(within: Node): boolean {
  const walker = document.createTreeWalker(within, NodeFilter.SHOW_COMMENT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!(node instanceof Comment) || node.data !== '$') continue;
    let first = node.nextSibling;
    while (first && !(first instanceof Element)) first = first.nextSibling;
    if (first && !Object.keys(first).some((key) => key.startsWith('__reactFiber$'))) return false;
  }
  return true;
}

/** Times a page is looked at for parts still to be hydrated before it is handed over anyway. */
const LOOKS = 100;

/** `then` once the page is hydrated whole, looked at when the browser is idle; a way to cancel. */
function whenHydratedWhole(then: () => void): () => void {
  let looks = 0;
  let cancel = () => {};
  // At most a fifth of a second between looks, idle or not (a page that is never idle).
  const idle = (next: () => void) => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(next, { timeout: 200 });
      cancel = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(next, 20);
      cancel = () => window.clearTimeout(id);
    }
  };
  const look = () => {
    looks += 1;
    if (hydratedWhole(document.body) || looks >= LOOKS) then();
    else idle(look);
  };
  idle(look);
  return () => cancel();
}

/**
 * Around a hydrated root's app: its effect runs after every effect within, and hands over once the
 * parts under a Suspense boundary have been hydrated too; then `then`, for what the server did not
 * draw and hydration must not meet (demo mode's welcome). It draws its children only, as one
 * child, so no `useId` within changes (a sibling beside the app would change them all, and so
 * every place the server's snapshots are kept by: lib/render-actors.ts).
 */
export function TakenOver({
  children,
  then,
}: {
  children: ReactNode;
  then?: () => void;
}): ReactNode {
  useEffect(
    () =>
      whenHydratedWhole(() => {
        takeOver();
        then?.();
      }),
    [then],
  );
  return children;
}

type RenderErrorReport = (error: unknown, info: { componentStack?: string }) => void;

/**
 * `hydrateRoot`'s options for a drawn page: errors reported as a client-rendered page's are, and a
 * hydration that failed (React then draws the page, or a part of it, again in the browser: the
 * server's work lost, and the person's place on it) reported too and written to the console, as
 * React's own default does; the journeys read the console for it.
 */
export function hydrationOptions(reporting: {
  onRenderError: RenderErrorReport;
}): HydrationOptions {
  return {
    onCaughtError: reporting.onRenderError,
    onUncaughtError: reporting.onRenderError,
    onRecoverableError: (error, info) => {
      console.error('The drawn page could not be taken over as drawn:', error);
      reporting.onRenderError(error, info);
    },
  };
}
