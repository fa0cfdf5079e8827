import { cookieValue } from '../../lib/cookies.js';
import { APP_WORKER_SCOPE } from '../../lib/app-worker.js';
/** Marks that the service workers were cleared (next-steps.md §2 Startup, §9: one day). */
export const SW_CLEARED_COOKIE = 'sw_cleared';
/** The cookie's path: Next Steps' own pages. */
const COOKIE_PATH = '/next-steps/';

export interface ServiceWorkerHost {
  serviceWorker?: Pick<ServiceWorkerContainer, 'getRegistrations'>;
  cookies: { read: () => string; write: (cookie: string) => void };
  /** Registers the apps' one worker (lib/app-worker.ts), which also serves Next Steps. */
  register: () => void;
}

/**
 * next-steps.md §2 Startup: if the cookie is absent, existing service workers are unregistered, a
 * new one is registered and the cookie is set (secure, same-site strict, one day). With the cookie
 * present the worker is registered as usual. The new one is the apps' one worker (issue 44), whose
 * scope is the whole site: it is not among those cleared, since clearing it would end the person's
 * notifications on this device and their offline copy without their asking.
 */
export async function startServiceWorker(host: ServiceWorkerHost): Promise<'cleared' | 'kept'> {
  const container = host.serviceWorker;
  if (!container) return 'kept';
  const cleared = cookieValue(host.cookies.read(), SW_CLEARED_COOKIE) !== null;
  if (!cleared) {
    const registrations = await container.getRegistrations();
    const others = registrations.filter((r) => new URL(r.scope).pathname !== APP_WORKER_SCOPE);
    await Promise.all(others.map((r) => r.unregister()));
  }
  host.register();
  if (!cleared) {
    host.cookies.write(
      `${SW_CLEARED_COOKIE}=1; Max-Age=86400; Path=${COOKIE_PATH}; Secure; SameSite=Strict`,
    );
  }
  return cleared ? 'kept' : 'cleared';
}
