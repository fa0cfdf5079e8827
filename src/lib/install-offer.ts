/**
 * The browser's offer to install the portal (issue 44, "Install the app"). Chromium fires
 * `beforeinstallprompt` when the portal can be installed, often before the app's scripts run, so
 * `public/theme.js` catches it first: it cancels the browser's own mini-infobar (never prompt
 * unasked), keeps the event on `window` under `INSTALL_OFFER_KEY` and marks `<html>` with
 * `INSTALL_OFFER_ATTRIBUTE`, which it removes on `appinstalled`. The event may be prompted once.
 */

/** Where `public/theme.js` keeps the offer; the same name is written there. */
export const INSTALL_OFFER_KEY = 'campusPortalInstallOffer';
/** On `<html>` while an offer is kept: the menu's "Install the app" shows only then (CSS). */
export const INSTALL_OFFER_ATTRIBUTE = 'data-install-offer';

declare global {
  interface Window {
    campusPortalInstallOffer?: unknown;
  }
}

/** What the portal uses of Chromium's `BeforeInstallPromptEvent`, which TypeScript does not know. */
export interface InstallOffer extends Event {
  prompt: () => Promise<unknown>;
  userChoice: Promise<unknown>;
}

export type InstallOutcome = 'accepted' | 'dismissed';

export function isInstallOffer(value: unknown): value is InstallOffer {
  return (
    value instanceof Event &&
    'prompt' in value &&
    typeof value.prompt === 'function' &&
    'userChoice' in value &&
    value.userChoice instanceof Promise
  );
}

/** The offer `public/theme.js` kept, if it is one and has not been used. */
export function keptOffer(): InstallOffer | null {
  const kept = window[INSTALL_OFFER_KEY];
  return isInstallOffer(kept) ? kept : null;
}

/** Whether the portal runs as the installed app (from the home screen or the app list). */
export function runsInstalled(): boolean {
  return (
    window.matchMedia('(display-mode: standalone)').matches ||
    ('standalone' in navigator && navigator.standalone === true)
  );
}

/**
 * iPhone and iPad, where Safari has no install prompt: the portal is added from Share → Add to Home
 * Screen. (iPadOS says it is a Mac, with touch.)
 */
export function appleMobile(): boolean {
  return (
    /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1)
  );
}
