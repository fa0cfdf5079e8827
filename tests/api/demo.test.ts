import { describe, expect, it, vi } from 'vitest';
import { createHttp } from '../../src/api/client.js';
import { isDemoCookieSet, setDemoState, takeDemoMessage } from '../../src/api/demo.js';

describe('demo-mode calls', () => {
  it('demo state is active at start when the demo cookie is set', () => {
    expect(isDemoCookieSet('portal_session=x; portal_demo=1')).toBe(true);
    expect(isDemoCookieSet('portal_session=x')).toBe(false);
    expect(isDemoCookieSet('portal_demo=')).toBe(false);
  });

  it('shows the demo-mode message once: its cookie is cleared when taken', () => {
    const doc = { cookie: 'portal_demo=1; portal_demo_message=1' };
    const writes: string[] = [];
    const page = {
      get cookie() {
        return doc.cookie;
      },
      set cookie(value: string) {
        writes.push(value);
        doc.cookie = 'portal_demo=1';
      },
    };
    expect(takeDemoMessage(page)).toBe(true);
    expect(writes[0]).toMatch(/^portal_demo_message=; path=\/; max-age=0/);
    expect(takeDemoMessage(page)).toBe(false);
  });

  it('posts {"active": boolean} to the demo-state action with the CSRF header', async () => {
    vi.stubGlobal('document', { cookie: 'portal_csrf=csrf-token-value' });
    const bodies: unknown[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      if (input instanceof Request) bodies.push(await input.clone().json());
      return Response.json({ active: true });
    });
    const http = createHttp({ baseUrl: 'http://portal.test/api', fetch });
    expect(await setDemoState(http, true)).toBe(true);
    const request = fetch.mock.calls[0]?.[0];
    if (!(request instanceof Request)) throw new Error('expected a Request');
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/api/demo-state');
    expect(request.headers.get('x-csrf-token')).toBe('csrf-token-value');
    expect(bodies).toEqual([{ active: true }]);
    vi.unstubAllGlobals();
  });
});
