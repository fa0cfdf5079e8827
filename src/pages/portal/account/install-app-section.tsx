import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { appleMobile, keptOffer, runsInstalled } from '../../../lib/install-offer.js';
import { promptInstall } from '../../../lib/install-prompt.js';
import {
  installAppMachine,
  selectInstallFailed,
  selectInstallView,
} from '../../../machines/install-app.machine.js';
import type { InstallCheck } from '../../../machines/install-app.machine.js';
import { InstallApp } from '../../../ui/portal/account/install-app.js';
import { useDeviceActorRef } from '../../../inspector/use-actor-ref.js';

/** Chromium offers nothing in the installed app; Safari on iPhone and iPad never offers. */
function check(): Promise<InstallCheck> {
  if (keptOffer()) return Promise.resolve('available');
  if (!appleMobile()) return Promise.resolve('unavailable');
  return Promise.resolve(runsInstalled() ? 'standalone' : 'homeScreen');
}

/** Account's "Install the app" (issue 44), beside the communication preferences. */
export function InstallAppSection() {
  const actor = useDeviceActorRef(
    installAppMachine.provide({
      actors: { check: fromPromise(check), prompt: fromPromise(() => promptInstall()) },
      actions: { logFailure: (_, error) => console.warn('Install the app', error) },
    }),
  );
  // A late offer, and the portal installed from the browser's own menu. public/theme.js listens
  // first, so the offer is kept by the time `install.offered` arrives.
  useEffect(() => {
    const offered = () => actor.send({ type: 'install.offered' });
    const installed = () => actor.send({ type: 'install.installed' });
    window.addEventListener('beforeinstallprompt', offered);
    window.addEventListener('appinstalled', installed);
    return () => {
      window.removeEventListener('beforeinstallprompt', offered);
      window.removeEventListener('appinstalled', installed);
    };
  }, [actor]);
  return (
    <InstallApp
      view={useSelector(actor, selectInstallView)}
      failed={useSelector(actor, selectInstallFailed)}
      onInstall={() => actor.send({ type: 'install.start' })}
    />
  );
}
