import { useSyncExternalStore } from 'react';

/**
 * Whether the page shows answers kept for offline: the connection machine's `offline` state
 * (machines/connection.machine.ts), which runs with the app worker after the page's load
 * (pages/shared/app-worker.tsx) and reports each change here. Pages read it with `useOffline` to
 * hold the controls that write (issue 44); the machine stays the state's one owner.
 */
let offline = false;
const listeners = new Set<() => void>();
const returns = new Set<() => void>();

export function reportOffline(now: boolean): void {
  if (now === offline) return;
  offline = now;
  for (const listener of listeners) listener();
  if (!now) for (const listener of returns) listener();
}

/**
 * Calls `listener` each time the page goes from kept answers back to fresh ones: the server answers
 * again. The browser's own `online` event does not come when only the server was out of reach (the
 * network stayed up), so what waits to be sent listens to this too.
 */
export function onBackOnline(listener: () => void): () => void {
  returns.add(listener);
  return () => void returns.delete(listener);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** True while the page shows what was kept, not what the server answered now. */
export const useOffline = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => offline,
    () => false,
  );
