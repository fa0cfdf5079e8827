/**
 * The sign-out broadcast (issue 87): every tab of the portal and Next Steps in this browser hears
 * that the session is over (signed out here, or a tab heard the server refuse it), so none keeps
 * showing the person's data from what it holds. One channel a tab: what it says, it does not hear.
 */
const SESSION_CHANNEL = 'portal-session';
const SIGNED_OUT = 'signed-out';

let shared: BroadcastChannel | null | undefined;
const channel = () => {
  if (shared === undefined)
    shared = typeof BroadcastChannel === 'function' ? new BroadcastChannel(SESSION_CHANNEL) : null;
  return shared;
};

/** Tells the other tabs the session is over. */
export function announceSignOut(): void {
  channel()?.postMessage(SIGNED_OUT);
}

/** Calls `heard` when another tab says the session is over. */
export function onSignOutAnnounced(heard: () => void): void {
  channel()?.addEventListener('message', (event: MessageEvent) => {
    if (event.data === SIGNED_OUT) heard();
  });
}
