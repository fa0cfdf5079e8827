import { delegateMeSchema } from '../../contract/delegates.schema.js';
import { delegatingOf, type DelegateShare } from '../lib/delegate-capacity.js';
import { HttpStatusError } from './errors.js';

/** The delegate's own session call: who is signed in and whose record they read (issue 73). */
export const DELEGATE_ME_PATH = '/auth/delegate/me';

/**
 * Issue 88: whether the browser reads the portal in capacity `delegate`, and as whose delegate:
 * `GET /auth/delegate/me` by the delegate's session cookie (no campus token is sent), the share
 * they chose. Null when no delegate is signed in (401) or none is chosen.
 */
export async function fetchDelegating(
  origin: string,
  fetcher: typeof fetch = (input, init) => globalThis.fetch(input, init),
): Promise<DelegateShare | null> {
  const response = await fetcher(`${origin}${DELEGATE_ME_PATH}`, {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  });
  if (response.status === 401) return null;
  if (!response.ok)
    throw new HttpStatusError(response.status, `Delegate call failed (${response.status})`);
  return delegatingOf(delegateMeSchema.parse(await response.json()));
}
