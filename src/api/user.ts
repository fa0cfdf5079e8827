import { errorSchema } from '../../contract/error.schema.js';
import { statusSchema } from '../../contract/status.schema.js';
import type { Status } from '../../contract/status.schema.js';
import { PROVISIONAL_DETAIL, userSchema } from '../../contract/user.schema.js';
import type { User } from '../../contract/user.schema.js';
import type { Http } from './client.js';
import { HttpStatusError } from './errors.js';

export type UserResult =
  { kind: 'user'; user: User } | { kind: 'signed-out' } | { kind: 'provisional' };

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

/** The app status check the navigation guard makes first. */
export async function fetchStatus(http: Http): Promise<Status> {
  return statusSchema.parse(await http.get('status').json());
}
