import { loginUrl } from '../../lib/login.js';
import { announceSignOut, onSignOutAnnounced } from '../../lib/session-channel.js';

/**
 * A session the server ended early (signed out elsewhere, revoked by staff, a view-as ended, past
 * its end) leaves nothing of the person to read (issue 87). The app hears it by a 401 from any call
 * while someone was signed in, or by the sign-out broadcast of another tab; then every copy it holds
 * goes: the router's cached page answers, what `forget` names (changes waiting to be sent), the
 * service worker's kept answers (it drops them on the 401 it passes on as well, and refuses any kept
 * in an ended session: worker/kept-session.ts); and the page goes to sign-in.
 */
export function followSessionEnd(app: { clearCache: () => void; forget?: () => void }) {
  let over = false;
  const drop = () => {
    if (over) return;
    over = true;
    app.clearCache();
    app.forget?.();
    navigator.serviceWorker?.controller?.postMessage({ type: 'FORGET_KEPT' });
    const { pathname, search, hash } = window.location;
    window.location.assign(loginUrl(`${pathname}${search}${hash}`));
  };
  onSignOutAnnounced(drop);
  /** The server said the session is over: this tab and the others drop what they hold. */
  return () => {
    if (over) return;
    announceSignOut();
    drop();
  };
}
