/**
 * The apps' one service worker (worker/sw.ts, issue 44): registered once the page has loaded, so it
 * never competes with the first load, and through a module loaded only then (workbox-window and the
 * update notice stay out of the first route's scripts).
 */
export const APP_WORKER_URL = '/sw.js';
export const APP_WORKER_SCOPE = '/';

interface Host {
  hasServiceWorker: boolean;
  loaded: () => boolean;
  onLoad: (start: () => void) => void;
  start: () => Promise<unknown>;
}

/** Starts the worker after `load` (at once when the page has loaded already). */
export function startAppWorkerAfterLoad(host: Host): void {
  if (!host.hasServiceWorker) return;
  const start = () => {
    host.start().catch(() => {
      // Offline, or not allowed (a private window): the apps work without their worker.
    });
  };
  if (host.loaded()) start();
  else host.onLoad(start);
}

/** In the browser: the built apps only (the development server has no worker). */
export function startAppWorker(start: () => Promise<unknown>): void {
  startAppWorkerAfterLoad({
    hasServiceWorker: import.meta.env.PROD && 'serviceWorker' in navigator,
    loaded: () => document.readyState === 'complete',
    onLoad: (callback) => window.addEventListener('load', callback, { once: true }),
    start,
  });
}
