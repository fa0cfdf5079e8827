import { Workbox } from 'workbox-window';
import { APP_WORKER_SCOPE, APP_WORKER_URL } from '../../lib/app-worker.js';
import type { AppUpdateRef } from '../../machines/app-update.machine.js';
import type { ConnectionRef } from '../../machines/connection.machine.js';

/**
 * The apps' one service worker, registered with workbox-window (issue 44); loaded only after the
 * page's load (lib/app-worker.ts), so none of it is in the first route's scripts. It feeds the
 * actors each app's system runs from the start: what the worker says of the page's answers to the
 * `connection` actor, a new version that installs and waits to the `appUpdate` actor, whose notices
 * the app's frame draws (pages/shared/worker-notices.tsx). "Reload" lets the new version take over
 * and reloads the page once it controls it.
 */

/** Where Next Steps' former worker was registered: replaced by the one worker, so unregistered. */
const FORMER_SCOPE = '/next-steps/';

/** The actors the worker feeds (the router context's, in either app). */
export interface WorkerActors {
  connection: ConnectionRef;
  appUpdate: AppUpdateRef;
}

/** Reads of the message the worker sends about kept answers (worker/sw.ts). */
function workerMessage(data: unknown): { type: 'KEPT'; at: string } | { type: 'FRESH' } | null {
  if (typeof data !== 'object' || data === null || !('type' in data)) return null;
  if (data.type === 'FRESH') return { type: 'FRESH' };
  if (data.type === 'KEPT' && 'at' in data && typeof data.at === 'string') {
    return { type: 'KEPT', at: data.at };
  }
  return null;
}

/**
 * Follows what the worker says about the page's answers: kept copies put the page offline, with
 * the time they were current; a fresh answer after that, back online.
 */
function followConnection(connection: ConnectionRef): void {
  navigator.serviceWorker.addEventListener('message', (event) => {
    const message = workerMessage(event.data);
    if (message?.type === 'KEPT') connection.send({ type: 'answer.kept', at: message.at });
    if (message?.type === 'FRESH') connection.send({ type: 'answer.fresh' });
  });
  // What was answered from the kept copies before this module loaded (after the page's load).
  navigator.serviceWorker.controller?.postMessage({ type: 'WHAT_KEPT' });
}

export async function registerAppWorker({ connection, appUpdate }: WorkerActors): Promise<void> {
  followConnection(connection);
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(
    registrations
      .filter((r) => new URL(r.scope).pathname === FORMER_SCOPE)
      .map((r) => r.unregister()),
  );
  const workbox = new Workbox(APP_WORKER_URL, { scope: APP_WORKER_SCOPE });
  appUpdate.on('update.switch', () => {
    workbox.addEventListener('controlling', () => window.location.reload());
    workbox.messageSkipWaiting();
  });
  workbox.addEventListener('waiting', () => appUpdate.send({ type: 'update.ready' }));
  await workbox.register();
}
