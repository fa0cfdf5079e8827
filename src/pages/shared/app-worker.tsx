import { useSelector } from '@xstate/react';
import { createRoot } from 'react-dom/client';
import { Workbox } from 'workbox-window';
import { createActor } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import { APP_WORKER_SCOPE, APP_WORKER_URL } from '../../lib/app-worker.js';
import { appUpdateMachine } from '../../machines/app-update.machine.js';
import { reportOffline } from './offline.js';
import { connectionMachine } from '../../machines/connection.machine.js';
import { OfflineNotice } from '../../ui/offline-notice.js';
import { pageSite } from '../../api/campus.js';
import { formatCampusTime } from '../../lib/time.js';
import { UpdateNotice } from '../../ui/update-notice.js';

/**
 * The apps' one service worker, registered with workbox-window (issue 44); loaded only after the
 * page's load (lib/app-worker.ts), so none of it is in the first route's scripts. A new version that
 * installs and waits shows the update notice; "Reload" lets it take over and reloads the page once
 * it controls it.
 */

/** Where Next Steps' former worker was registered: replaced by the one worker, so unregistered. */
const FORMER_SCOPE = '/next-steps/';

type UpdateActor = ActorRefFrom<typeof appUpdateMachine>;
type ConnectionActor = ActorRefFrom<typeof connectionMachine>;

function OfflineNoticeContainer({ connection }: { connection: ConnectionActor }) {
  const state = useSelector(connection, (s) => s.value);
  const keptAt = useSelector(connection, (s) => s.context.keptAt);
  // "9:41 AM" on the campus clock, as every other time the portal shows (portal.md §1).
  const zone = pageSite().campus.timeZone;
  return (
    <OfflineNotice
      state={state}
      keptAt={keptAt ? formatCampusTime(keptAt, zone) : ''}
      onReload={() => window.location.reload()}
      onDismiss={() => connection.send({ type: 'notice.dismiss' })}
    />
  );
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
function followConnection(): void {
  const connection = createActor(connectionMachine).start();
  connection.subscribe((snapshot) => reportOffline(snapshot.matches('offline')));
  const host = document.createElement('div');
  host.className = 'offline-notice-host';
  document.body.prepend(host);
  createRoot(host).render(<OfflineNoticeContainer connection={connection} />);
  navigator.serviceWorker.addEventListener('message', (event) => {
    const message = workerMessage(event.data);
    if (message?.type === 'KEPT') connection.send({ type: 'answer.kept', at: message.at });
    if (message?.type === 'FRESH') connection.send({ type: 'answer.fresh' });
  });
  // What was answered from the kept copies before this module loaded (after the page's load).
  navigator.serviceWorker.controller?.postMessage({ type: 'WHAT_KEPT' });
}

function UpdateNoticeContainer({ update }: { update: UpdateActor }) {
  const state = useSelector(update, (s) => s.value);
  if (state !== 'ready' && state !== 'reloading') return null;
  return (
    <UpdateNotice
      reloading={state === 'reloading'}
      onReload={() => update.send({ type: 'update.reload' })}
      onLater={() => update.send({ type: 'update.later' })}
    />
  );
}

/** Puts the notice on the page, in a root of its own (either app's). */
function mountUpdateNotice(update: UpdateActor): void {
  const host = document.createElement('div');
  host.className = 'update-notice-host';
  document.body.append(host);
  createRoot(host).render(<UpdateNoticeContainer update={update} />);
}

export async function registerAppWorker(): Promise<void> {
  followConnection();
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(
    registrations
      .filter((r) => new URL(r.scope).pathname === FORMER_SCOPE)
      .map((r) => r.unregister()),
  );
  const workbox = new Workbox(APP_WORKER_URL, { scope: APP_WORKER_SCOPE });
  const update = createActor(
    appUpdateMachine.provide({
      actions: {
        switchToNewVersion: () => {
          workbox.addEventListener('controlling', () => window.location.reload());
          workbox.messageSkipWaiting();
        },
      },
    }),
  ).start();
  let mounted = false;
  workbox.addEventListener('waiting', () => {
    if (!mounted) mountUpdateNotice(update);
    mounted = true;
    update.send({ type: 'update.ready' });
  });
  await workbox.register();
}
