import { describe, expect, it, vi } from 'vitest';
import { createHttp } from '../../src/api/client.js';
import { isOutage, statusOf } from '../../src/api/errors.js';

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

  it('an aborted call stays an abort for its caller', async () => {
    const http = createHttp({
      baseUrl: 'http://portal.test/api',
      fetch: async () =>
        Promise.reject(new DOMException('The operation was aborted.', 'AbortError')),
    });
    const failure: unknown = await http
      .get('anything')
      .json()
      .catch((error: unknown) => error);
    expect(failure instanceof Error && failure.name).toBe('AbortError');
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
