import type { ParsedLocation, RouterHistory } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { selectDelegating, selectErrorState, selectUser } from '../../machines/app.machine.js';
import { selectIsLeaving, selectMayRender } from '../../machines/guard.machine.js';
import type { PortalActors } from './context.js';

const never = new Promise<never>(() => {});

/**
 * The router's side of the navigation guard (portal.md §2): before each navigation it tells the
 * guard where the browser goes, whether that is a step back in history (from the history's own
 * subscription), and what the app knows; it resolves once the page may render.
 */
export function guardNavigations(history: RouterHistory, { app, guard }: PortalActors) {
  let back = false;
  history.subscribe(({ action }) => {
    back = action.type === 'BACK' || (action.type === 'GO' && action.index < 0);
  });
  return async function runGuard(location: ParsedLocation): Promise<void> {
    const snapshot = app.getSnapshot();
    guard.send({
      type: 'guard.navigate',
      target: { pathname: location.pathname, search: location.searchStr, hash: location.hash },
      // A delegate reading a share counts too (issue 88): Back does not send them to sign-in.
      authenticated: selectUser(snapshot) !== null || selectDelegating(snapshot) !== null,
      errorState: selectErrorState(snapshot),
      back,
      at: Date.now(),
    });
    const settled = await waitFor(guard, (s) => selectMayRender(s) || selectIsLeaving(s));
    // The browser is on its way to sign-in or sign-out: render nothing more.
    if (selectIsLeaving(settled)) await never;
  };
}
