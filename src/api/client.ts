import ky from 'ky';
import type { KyInstance } from 'ky';
import { HttpStatusError, NetworkError, OUTAGE_STATUSES } from './errors.js';

export interface ApiOptions {
  /** The API base; `/api` on the portal's own origin by default. */
  baseUrl?: string;
  /** The signed-in user's `auth_token`, sent as `Authorization: Token …` on every call but the user call. */
  getToken?: () => string | null;
  fetch?: typeof fetch;
  /**
   * Hears about every call that found the portal unreachable: the network failed, or the answer
   * was 502, 503 or 504 (portal.md §4 error state 3). Every call goes through here, so one
   * listener sees them all, whatever the caller does with its own failure.
   */
  onFailure?: (error: unknown) => void;
}

export type Http = KyInstance;

const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

/**
 * Wraps fetch so a failed network is a NetworkError (and not any TypeError), and, given a
 * listener, so outages are reported before the caller handles them.
 */
function reporting(base: typeof fetch, onFailure?: (error: unknown) => void): typeof fetch {
  return async (input, init) => {
    let response: Response;
    try {
      response = await base(input, init);
    } catch (error) {
      // A refused connection, a dropped one, or ky's own timeout aborting the request (ky then
      // throws its TimeoutError); an abort stays an abort for the caller.
      const failure = new NetworkError(error);
      onFailure?.(failure);
      throw isAbort(error) ? error : failure;
    }
    if (OUTAGE_STATUSES.includes(response.status)) {
      onFailure?.(new HttpStatusError(response.status, `The portal answered ${response.status}`));
    }
    return response;
  };
}

export function createHttp(options: ApiOptions = {}): Http {
  const base = options.baseUrl ?? `${globalThis.location?.origin ?? ''}/api`;
  const baseFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return ky.create({
    prefixUrl: base,
    retry: 0,
    timeout: 20_000,
    headers: { accept: 'application/json' },
    fetch: reporting(baseFetch, options.onFailure),
    hooks: {
      beforeRequest: [
        (request) => {
          const token = options.getToken?.();
          if (token && !request.headers.has('authorization')) {
            request.headers.set('authorization', `Token ${token}`);
          }
        },
      ],
    },
  });
}
