import ky from 'ky';
import type { KyInstance } from 'ky';

export interface NextStepsApiOptions {
  /** The signed-in user's auth_token, sent as `Authorization: Token …` on every call but the user call. */
  getToken: () => string | null;
  fetch?: typeof fetch;
  baseUrl?: string;
}

/** The Next Steps backend: `/next-steps/api` on the same origin, JSON both ways. */
export function createNextStepsHttp(options: NextStepsApiOptions): KyInstance {
  return ky.create({
    prefixUrl: options.baseUrl ?? `${globalThis.location?.origin ?? ''}/next-steps/api`,
    retry: 0,
    timeout: 20_000,
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    ...(options.fetch ? { fetch: options.fetch } : {}),
    hooks: {
      beforeRequest: [
        (request) => {
          const token = options.getToken();
          if (token && !request.headers.has('authorization')) {
            request.headers.set('authorization', `Token ${token}`);
          }
        },
      ],
    },
  });
}
