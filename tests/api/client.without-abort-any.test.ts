import { afterAll, describe, expect, it, vi } from 'vitest';

// Safari 16 to 17.3, among the build's targets, have no AbortSignal.any. ky and the client read
// what the browser has when they load, so it is taken away before anything is imported.
const any = vi.hoisted(() => {
  const kept = AbortSignal.any;
  Reflect.deleteProperty(AbortSignal, 'any');
  return kept;
});
afterAll(() => {
  AbortSignal.any = any;
});

const { createHttp } = await import('../../src/api/client.js');

const answering = async () => Response.json({ detail: 'x' });

/** A server that never answers: the call ends only when its signal aborts it, as fetch does. */
const answeringNever = async (input: RequestInfo | URL, init?: RequestInit) =>
  await new Promise<Response>((_resolve, reject) => {
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    if (signal?.aborted) reject(signal.reason);
    signal?.addEventListener('abort', () => reject(signal.reason));
  });

describe('the API client in a browser without AbortSignal.any', () => {
  it('makes its calls', async () => {
    expect(AbortSignal.any).toBeUndefined();
    const onFailure = vi.fn();
    const http = createHttp({ baseUrl: 'http://portal.test/api', fetch: answering, onFailure });
    await expect(http.get('anything').json()).resolves.toEqual({ detail: 'x' });
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('lets its caller abandon a call, which is no outage', async () => {
    const onFailure = vi.fn();
    const http = createHttp({
      baseUrl: 'http://portal.test/api',
      fetch: answeringNever,
      onFailure,
    });
    const caller = new AbortController();
    const call = http
      .get('anything', { signal: caller.signal })
      .json()
      .catch((error: unknown) => error);
    caller.abort();
    const failure = await call;
    expect(failure instanceof Error && failure.name).toBe('AbortError');
    expect(onFailure).not.toHaveBeenCalled();
  });
});
