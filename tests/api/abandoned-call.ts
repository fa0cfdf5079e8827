import { expect, vi } from 'vitest';
import type { createHttp } from '../../src/api/client.js';

/** A server that never answers: the call ends only when its signal aborts it, as fetch does. */
export const answeringNever = async (input: RequestInfo | URL, init?: RequestInit) =>
  await new Promise<Response>((_resolve, reject) => {
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    if (signal?.aborted) reject(signal.reason);
    signal?.addEventListener('abort', () => reject(signal.reason));
  });

/**
 * A call its caller abandons (a search replaced by Enter) stays an AbortError for the caller and is
 * no outage. Takes the client's `createHttp`, so a test can hand it a client loaded its own way.
 */
export async function expectAbandonedCallIsNoOutage(create: typeof createHttp) {
  const onFailure = vi.fn();
  const http = create({ baseUrl: 'http://portal.test/api', fetch: answeringNever, onFailure });
  const caller = new AbortController();
  const call = http
    .get('anything', { signal: caller.signal })
    .json()
    .catch((error: unknown) => error);
  caller.abort();
  const failure = await call;
  expect(failure instanceof Error && failure.name).toBe('AbortError');
  expect(onFailure).not.toHaveBeenCalled();
}
