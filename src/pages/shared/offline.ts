import { useSelector } from '@xstate/react';
import { useSyncExternalStore } from 'react';
import type { ConnectionRef } from '../../machines/connection.machine.js';

/**
 * Whether the page shows answers kept for offline: the `offline` tag of the connection actor
 * (machines/connection.machine.ts), which each app's system runs from the start and the app worker
 * feeds once it loads (pages/shared/app-worker.ts). Pages read it with `useOffline`, the actor from
 * their app's router context, to hold the controls that write (issue 44).
 */
export const useOffline = (connection: ConnectionRef): boolean =>
  useSelector(connection, (s) => s.hasTag('offline'));

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
export function useAnyOffline(connection: ConnectionRef): boolean {
  const kept = useOffline(connection);
  const browserOffline = useSyncExternalStore(
    subscribeBrowser,
    () => !navigator.onLine,
    () => false,
  );
  return kept || browserOffline;
}
