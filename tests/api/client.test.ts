import { describe, expect, it, vi } from 'vitest';
import { CALL_TIMEOUT_MS, createHttp } from '../../src/api/client.js';
import { isOutage, statusOf } from '../../src/api/errors.js';
import { answeringNever, expectAbandonedCallIsNoOutage } from './abandoned-call.js';

const answering = (status: number) =>
  vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
    Response.json({ detail: 'x' }, { status }),
  );

describe('the API client', () => {
  it.each([502, 503, 504])(
    'reports HTTP %i from any call as an outage, before the caller handles it',
    async (status) => {
      const onFailure = vi.fn();
      const http = createHttp({
        baseUrl: 'http://portal.test/api',
        fetch: answering(status),
        onFailure,
      });
      await expect(http.get('anything').json()).rejects.toThrow();
      expect(onFailure).toHaveBeenCalledTimes(1);
      expect(isOutage(onFailure.mock.calls[0]?.[0])).toBe(true);
      expect(statusOf(onFailure.mock.calls[0]?.[0])).toBe(status);
    },
  );

  it('reports a network error as an outage', async () => {
    const onFailure = vi.fn();
    const http = createHttp({
      baseUrl: 'http://portal.test/api',
      fetch: async () => Promise.reject(new TypeError('Failed to fetch')),
      onFailure,
    });
    await expect(http.get('anything').json()).rejects.toThrow('Failed to fetch');
    expect(isOutage(onFailure.mock.calls[0]?.[0])).toBe(true);
  });

  it('throws a failed network as an outage, and a TypeError raised by code is no outage (portal.md §4)', async () => {
    const http = createHttp({
      baseUrl: 'http://portal.test/api',
      fetch: async () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const failure: unknown = await http
      .get('anything')
      .json()
      .catch((error: unknown) => error);
    expect(isOutage(failure)).toBe(true);
    expect(isOutage(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(
      false,
    );
  });

  it('a call its caller abandons stays an abort for the caller and is no outage (a search replaced by Enter)', async () => {
    await expectAbandonedCallIsNoOutage(createHttp);
  });

  it('a call that outlasts its time is an outage, reported before the caller hears of it (portal.md §4)', async () => {
    // The client's clock: CALL_TIMEOUT_MS asked for, 20 ms given, so the test need not wait 20 s.
    const timeout = AbortSignal.timeout.bind(AbortSignal);
    const asked = vi.spyOn(AbortSignal, 'timeout').mockImplementation(() => timeout(20));
    const onFailure = vi.fn();
    const http = createHttp({
      baseUrl: 'http://portal.test/api',
      fetch: answeringNever,
      onFailure,
    });
    const failure: unknown = await http
      .get('anything')
      .json()
      .catch((error: unknown) => error);
    expect(asked).toHaveBeenCalledWith(CALL_TIMEOUT_MS);
    asked.mockRestore();
    expect(isOutage(failure)).toBe(true);
    expect(onFailure).toHaveBeenCalledTimes(1);
    expect(isOutage(onFailure.mock.calls[0]?.[0])).toBe(true);
  });

  it('also reports outages of calls that read failing answers themselves', async () => {
    const onFailure = vi.fn();
    const http = createHttp({
      baseUrl: 'http://portal.test/api',
      fetch: answering(503),
      onFailure,
    });
    const response = await http.get('users/user', { throwHttpErrors: false });
    expect(response.status).toBe(503);
    expect(onFailure).toHaveBeenCalledTimes(1);
  });

  it.each([400, 401, 404, 500])('does not report HTTP %i as an outage', async (status) => {
    const onFailure = vi.fn();
    const http = createHttp({
      baseUrl: 'http://portal.test/api',
      fetch: answering(status),
      onFailure,
    });
    await expect(http.get('anything').json()).rejects.toThrow();
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('sends the signed-in user\'s token as "Authorization: Token …"', async () => {
    const fetch = answering(200);
    const http = createHttp({
      baseUrl: 'http://portal.test/api',
      fetch,
      getToken: () => 'tok-123',
    });
    await http.get('status').json();
    const request = fetch.mock.calls[0]?.[0];
    expect(request instanceof Request && request.headers.get('authorization')).toBe(
      'Token tok-123',
    );
  });
});
