import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { fetchPushKey, removePushSubscription, savePushSubscription } from '../../../api/push.js';
import type { Http } from '../../../api/client.js';
import { appleMobile, runsInstalled } from '../../../lib/install-offer.js';
import { base64UrlBytes, PUSH_WORKER_SCOPE, PUSH_WORKER_URL } from '../../../lib/push.js';
import {
  pushDeviceMachine,
  selectPushFailed,
  selectPushRefusal,
  selectPushView,
} from '../../../machines/push-device.machine.js';
import type { PushDeviceState } from '../../../machines/push-device.machine.js';
import { PushDevice } from '../../../ui/portal/account/push-device.js';
import { usePortal } from '../../../routes/portal/context.js';
import type { ReadOnly } from '../../../lib/read-only.js';
import { useDeviceActorRef } from '../../../inspector/use-actor-ref.js';

/** What the browser offers for web push: a service worker, the Push API and notifications. */
const supported = () =>
  'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The portal's push worker, registered if it is not yet (registering again is harmless). */
async function pushWorker(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(PUSH_WORKER_URL, { scope: PUSH_WORKER_SCOPE });
  const ready = await navigator.serviceWorker.getRegistration(PUSH_WORKER_SCOPE);
  if (!ready) throw new Error('the push worker did not register');
  return ready;
}

async function check(): Promise<PushDeviceState> {
  // iPhone and iPad Safari show web push only to a web app added to the Home Screen (issue 44).
  if (appleMobile() && !runsInstalled()) return 'homeScreenFirst';
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const registration = await navigator.serviceWorker.getRegistration(PUSH_WORKER_SCOPE);
  const subscription = await registration?.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

/** Asks permission, subscribes with the portal's key and hands the subscription to the portal. */
async function turnOn(http: Http): Promise<'on' | 'blocked' | 'off'> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  const [key, registration] = await Promise.all([fetchPushKey(http), pushWorker()]);
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: base64UrlBytes(key),
  });
  try {
    await savePushSubscription(http, subscription.toJSON());
  } catch (error) {
    // The portal does not know it: the browser must not keep a subscription that says "on".
    await subscription.unsubscribe().catch(() => false);
    throw error;
  }
  return 'on';
}

async function turnOff(http: Http): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration(PUSH_WORKER_SCOPE);
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await removePushSubscription(http, subscription.endpoint);
  await subscription.unsubscribe();
}

/** Notifications on this device (issue 29, web push), in the Account page's communication section. */
export function PushDeviceSection({ readOnly }: { readOnly: ReadOnly }) {
  const { http } = usePortal();
  const actor = useDeviceActorRef(
    pushDeviceMachine.provide({
      actors: {
        check: fromPromise(check),
        turnOn: fromPromise(() => turnOn(http)),
        turnOff: fromPromise(() => turnOff(http)),
      },
      actions: { logFailure: (_, error) => console.warn('Web push on this device', error) },
    }),
  );
  return (
    <PushDevice
      view={useSelector(actor, selectPushView)}
      failed={useSelector(actor, selectPushFailed)}
      refusal={useSelector(actor, selectPushRefusal)}
      readOnly={readOnly}
      onChange={(on) => actor.send({ type: on ? 'push.turnOn' : 'push.turnOff' })}
    />
  );
}
