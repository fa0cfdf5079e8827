import ky from 'ky';
import type { KyInstance } from 'ky';

export interface ApiOptions {
  /** The API base; `/api` on the portal's own origin by default. */
  baseUrl?: string;
  /** The signed-in user's `auth_token`, sent as `Authorization: Token …` on every call but the user call. */
  getToken?: () => string | null;
  fetch?: typeof fetch;
}

export type Http = KyInstance;

export function createHttp(options: ApiOptions = {}): Http {
  const base = options.baseUrl ?? `${globalThis.location?.origin ?? ''}/api`;
  return ky.create({
    prefixUrl: base,
    retry: 0,
    timeout: 20_000,
    headers: { accept: 'application/json' },
    ...(options.fetch ? { fetch: options.fetch } : {}),
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
