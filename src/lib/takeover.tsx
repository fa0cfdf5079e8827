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

/** Hands what the person did before the takeover to the app (nothing, if nothing was held). */
export function takeOver(): void {
  const handOver = window[TAKEOVER_KEY];
  if (isHandOver(handOver)) handOver();
}

/**
 * Around a hydrated root's app: its effect runs after every effect within, once the whole page has
 * been taken over. It draws its children only, as one child, so no `useId` within changes (a
 * sibling beside the app would change them all, and so every place the server's snapshots are
 * kept by: lib/render-actors.ts).
 */
export function TakenOver({ children }: { children: ReactNode }): ReactNode {
  useEffect(takeOver, []);
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
