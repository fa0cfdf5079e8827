import type { User } from '../../contract/user.schema.js';
import type { DelegateShare } from '../lib/delegate-capacity.js';

/** What the app reports to the portal machine: who the user turned out to be. */
export type AppReport =
  | { type: 'app.initialised'; user: User }
  | { type: 'app.provisionalFound' }
  | { type: 'app.delegateFound'; share: DelegateShare };

export const initialised = (user: User): AppReport => ({ type: 'app.initialised', user });
export const PROVISIONAL: AppReport = { type: 'app.provisionalFound' };
/** Issue 88: a delegate reads under `share`. */
export const delegateFound = (share: DelegateShare): AppReport => ({
  type: 'app.delegateFound',
  share,
});
