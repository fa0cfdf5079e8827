import { errorSchema } from '../../contract/error.schema.js';
import { statusSchema } from '../../contract/status.schema.js';
import type { Status } from '../../contract/status.schema.js';
import { PROVISIONAL_DETAIL, userSchema } from '../../contract/user.schema.js';
import type { User } from '../../contract/user.schema.js';
import type { DelegateShare } from '../lib/delegate-capacity.js';
import type { Http } from './client.js';
import { HttpStatusError } from './errors.js';

export type UserResult =
  | { kind: 'user'; user: User }
  | { kind: 'signed-out' }
  | { kind: 'provisional' }
  /** Issue 88: no campus session, but a delegate reads the share they chose (no `User` at all). */
  | { kind: 'delegate'; share: DelegateShare };

/** `GET /api/users/user` with the session cookie. A 401 is silent: it just means signed out. */
export async function fetchUser(http: Http): Promise<UserResult> {
  const response = await http.get('users/user', { credentials: 'include', throwHttpErrors: false });
  if (response.status === 401) return { kind: 'signed-out' };
  if (response.status === 403) {
    const refusal = errorSchema.safeParse(await response.json());
    if (refusal.success && refusal.data.detail === PROVISIONAL_DETAIL)
      return { kind: 'provisional' };
  }
  if (!response.ok)
    throw new HttpStatusError(response.status, `User call failed (${response.status})`);
  return { kind: 'user', user: userSchema.parse(await response.json()) };
}

/**
 * Issue 88: who reads the portal. Without a campus session (401), a delegate's session may be
 * reading a student's share (`delegating`, api/delegate-capacity.ts): the portal opens in capacity
 * `delegate`. Should that question fail, the reader is only signed out (sign-in stays reachable).
 */
export async function fetchReader(
  http: Http,
  delegating: () => Promise<DelegateShare | null>,
): Promise<UserResult> {
  const result = await fetchUser(http);
  if (result.kind !== 'signed-out') return result;
  const share = await delegating().catch((error: unknown) => {
    console.warn('The delegate call failed', error);
    return null;
  });
  return share ? { kind: 'delegate', share } : result;
}

/** The app status check the navigation guard makes first. */
export async function fetchStatus(http: Http): Promise<Status> {
  return statusSchema.parse(await http.get('status').json());
}
