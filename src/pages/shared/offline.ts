import { useSyncExternalStore } from 'react';

/**
 * Whether the page shows answers kept for offline: the connection machine's `offline` state
 * (machines/connection.machine.ts), which runs with the app worker after the page's load
 * (pages/shared/app-worker.tsx) and reports each change here. Pages read it with `useOffline` to
 * hold the controls that write (issue 44); the machine stays the state's one owner. The page holds
 * what it reported as `<html data-offline>`, and each change is a `portal:offline` event on the
 * window: no state of this module's own, so every page, hook and test reads the one flag.
 */
const CHANGE = 'portal:offline';
const isOffline = () => document.documentElement.dataset.offline === 'true';

export function reportOffline(now: boolean): void {
  if (now === isOffline()) return;
  if (now) document.documentElement.dataset.offline = 'true';
  else delete document.documentElement.dataset.offline;
  window.dispatchEvent(new Event(CHANGE));
}

const subscribe = (listener: () => void) => {
  window.addEventListener(CHANGE, listener);
  return () => window.removeEventListener(CHANGE, listener);
};

/**
 * Calls `listener` each time the page goes from kept answers back to fresh ones: the server answers
 * again. The browser's own `online` event does not come when only the server was out of reach (the
 * network stayed up), so what waits to be sent listens to this too.
 */
export function onBackOnline(listener: () => void): () => void {
  return subscribe(() => {
    if (!isOffline()) listener();
  });
}

/** True while the page shows what was kept, not what the server answered now. */
export const useOffline = (): boolean => useSyncExternalStore(subscribe, isOffline, () => false);

const subscribeBrowser = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/**
 * True while the page shows kept answers or the browser itself has no connection: what could not
 * be read then is "not available offline", not an outage of the portal or the SIS (issue 57).
 */
export function useAnyOffline(): boolean {
  const kept = useOffline();
  const browserOffline = useSyncExternalStore(
    subscribeBrowser,
    () => !navigator.onLine,
    () => false,
  );
  return kept || browserOffline;
}
