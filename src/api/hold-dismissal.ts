/**
 * portal.md §4: the hold banner line, once dismissed, stays away for the browser session only. Kept in
 * sessionStorage (gone with the tab or window), one flag per person.
 */
const keyOf = (username: string) => `portal.holdDismissed.${username}`;

type SessionStore = Pick<Storage, 'getItem' | 'setItem'>;

const sessionStore = (): SessionStore | null => {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    // Storage can be switched off; the line then simply comes back on the next page load.
    return null;
  }
};

export function isHoldDismissed(username: string, store = sessionStore()): boolean {
  return store?.getItem(keyOf(username)) === '1';
}

export function dismissHoldForSession(username: string, store = sessionStore()): void {
  store?.setItem(keyOf(username), '1');
}
