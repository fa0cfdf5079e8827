import ky from 'ky';
import type { KyInstance } from 'ky';
import { HttpStatusError, NetworkError, OUTAGE_STATUSES, markReadOnlyRefusal } from './errors.js';

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
  /**
   * Answers the page carried (api/first-answers.ts), by address under the base: the first GET of
   * each is answered with its own, once, with no request.
   */
  firstAnswers?: Map<string, unknown>;
  /**
   * Hears a 401 while someone was signed in (a token known): the server ended the session (issue 87).
   */
  onSessionEnded?: () => void;
}

export type Http = KyInstance;

/** How long a call may take before it counts as the portal unreachable (portal.md §4). */
export const CALL_TIMEOUT_MS = 20_000;

/**
 * Wraps fetch so a failed network or a call that outlasts its time is a NetworkError (and not any
 * TypeError), and, given a listener, so outages are reported before the caller handles them. The
 * wrapper keeps the time itself, as ky's own timeout aborts the request in a way fetch cannot tell
 * from its caller's abort: a call its caller abandons (a search replaced by the next keystroke or by
 * Enter, a page left) stays an AbortError for the caller and is no outage.
 */
function reporting(
  base: typeof fetch,
  { onFailure, getToken, onSessionEnded }: ApiOptions,
): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    // Browsers before AbortSignal.any (Safari 16 to 17.3, among the build's targets) make the call
    // under its caller's signal alone: no time of the client's own, the browser's instead.
    const signal =
      AbortSignal.any?.([request.signal, AbortSignal.timeout(CALL_TIMEOUT_MS)]) ?? request.signal;
    const response = await base(request, { signal }).catch((error: unknown) => {
      if (request.signal.aborted) throw error;
      const failure = new NetworkError(error);
      onFailure?.(failure);
      throw failure;
    });
    if (response.status === 401 && getToken?.()) onSessionEnded?.();
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
    timeout: false,
    headers: { accept: 'application/json' },
    fetch: reporting(baseFetch, options),
    hooks: {
      beforeRequest: [
        (request) => {
          const path = request.url.slice(base.length + 1);
          const first = request.method === 'GET' && options.firstAnswers?.get(path);
          if (first) {
            options.firstAnswers?.delete(path);
            return Response.json(first);
          }
          const token = options.getToken?.();
          if (token && !request.headers.has('authorization')) {
            request.headers.set('authorization', `Token ${token}`);
          }
        },
      ],
      // Issue 87: a refusal because the record is read only is told as such (isReadOnlyRefusal).
      beforeError: [markReadOnlyRefusal],
    },
  });
}
