import { describe, expect, it, vi } from 'vitest';
import { startServiceWorker } from '../../src/api/next-steps/service-worker.js';

function host(cookie: string) {
  const unregister = vi.fn(async () => true);
  const unregisterPush = vi.fn(async () => true);
  const written: string[] = [];
  const scope = 'https://portal.example.edu/next-steps/';
  const registrations = [
    { scope, unregister },
    { scope: 'https://portal.example.edu/', unregister: unregisterPush },
    { scope, unregister },
  ];
  const serviceWorker = {
    getRegistrations: vi.fn(async () => registrations as never),
  };
  const register = vi.fn();
  return {
    unregister,
    unregisterPush,
    written,
    register,
    host: {
      serviceWorker,
      register,
      cookies: { read: () => cookie, write: (c: string) => void written.push(c) },
    },
  };
}

describe('the service worker startup rule', () => {
  it('without the cookie, unregisters existing workers, registers a new one and sets the cookie (secure, same-site strict, one day)', async () => {
    const h = host('portal_csrf=abc');
    expect(await startServiceWorker(h.host)).toBe('cleared');
    expect(h.unregister).toHaveBeenCalledTimes(2);
    expect(h.register).toHaveBeenCalledTimes(1);
    expect(h.written).toEqual([
      'sw_cleared=1; Max-Age=86400; Path=/next-steps/; Secure; SameSite=Strict',
    ]);
  });

  it("without the cookie, keeps the apps' one worker (scope: the whole site), so notifications on the device stay on", async () => {
    const h = host('');
    expect(await startServiceWorker(h.host)).toBe('cleared');
    expect(h.unregister).toHaveBeenCalledTimes(2);
    expect(h.unregisterPush).not.toHaveBeenCalled();
  });

  it('with the cookie, keeps the workers and registers as usual', async () => {
    const h = host('a=1; sw_cleared=1');
    expect(await startServiceWorker(h.host)).toBe('kept');
    expect(h.unregister).not.toHaveBeenCalled();
    expect(h.register).toHaveBeenCalledTimes(1);
    expect(h.written).toEqual([]);
  });
});
