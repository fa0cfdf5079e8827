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
const { expectAbandonedCallIsNoOutage } = await import('./abandoned-call.js');

const answering = async () => Response.json({ detail: 'x' });

describe('the API client in a browser without AbortSignal.any', () => {
  it('makes its calls', async () => {
    expect(AbortSignal.any).toBeUndefined();
    const onFailure = vi.fn();
    const http = createHttp({ baseUrl: 'http://portal.test/api', fetch: answering, onFailure });
    await expect(http.get('anything').json()).resolves.toEqual({ detail: 'x' });
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('lets its caller abandon a call, which is no outage', async () => {
    await expectAbandonedCallIsNoOutage(createHttp);
  });
});
