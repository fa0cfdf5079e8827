import { describe, expect, it, vi } from 'vitest';
import { createHttp } from '../../src/api/client.js';

const answering = (status: number) =>
  vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
    Response.json({ detail: 'x' }, { status }),
  );

describe('the API client hears a session the server ended (issue 87)', () => {
  it('a 401 from any read while someone is signed in (a token known) says the session ended', async () => {
    const onSessionEnded = vi.fn();
    const http = createHttp({
      baseUrl: 'http://portal.test/api',
      fetch: answering(401),
      getToken: () => 'token-of-ana',
      onSessionEnded,
    });
    await expect(http.get('integrations/finti/holds').json()).rejects.toThrow();
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('a 401 before anyone signed in (no token: the first user call) says nothing; nor does a 403', async () => {
    const onSessionEnded = vi.fn();
    const signedOut = createHttp({
      baseUrl: 'http://portal.test/api',
      fetch: answering(401),
      getToken: () => null,
      onSessionEnded,
    });
    await expect(signedOut.get('users/user').json()).rejects.toThrow();
    const refused = createHttp({
      baseUrl: 'http://portal.test/api',
      fetch: answering(403),
      getToken: () => 'token-of-ana',
      onSessionEnded,
    });
    await expect(refused.get('integrations/finti/holds').json()).rejects.toThrow();
    expect(onSessionEnded).not.toHaveBeenCalled();
  });
});
