import { cookieValue } from '../../lib/cookies.js';
import { PUSH_WORKER_SCOPE } from '../../lib/push.js';
/** Marks that the service workers were cleared (next-steps.md §2 Startup, §9: one day). */
export const SW_CLEARED_COOKIE = 'sw_cleared';
export const SW_URL = '/next-steps/sw.js';
export const SW_SCOPE = '/next-steps/';

export interface ServiceWorkerHost {
  serviceWorker?: Pick<ServiceWorkerContainer, 'getRegistrations' | 'register'>;
  cookies: { read: () => string; write: (cookie: string) => void };
}

/**
 * next-steps.md §2 Startup: if the cookie is absent, existing service workers are unregistered, a
 * new one is registered and the cookie is set (secure, same-site strict, one day). With the cookie
 * present the worker is registered as usual, which keeps the app shell and last list offline.
 */
export async function startServiceWorker(host: ServiceWorkerHost): Promise<'cleared' | 'kept'> {
  const container = host.serviceWorker;
  if (!container) return 'kept';
  const cleared = cookieValue(host.cookies.read(), SW_CLEARED_COOKIE) !== null;
  if (!cleared) {
    // The portal's web push worker (scope: the whole site) is not Next Steps' to clear: unregistering
    // it would end the person's notifications on this device without their asking.
    const registrations = await container.getRegistrations();
    const ours = registrations.filter((r) => new URL(r.scope).pathname !== PUSH_WORKER_SCOPE);
    await Promise.all(ours.map((r) => r.unregister()));
  }
  await container.register(SW_URL, { scope: SW_SCOPE });
  if (!cleared) {
    host.cookies.write(
      `${SW_CLEARED_COOKIE}=1; Max-Age=86400; Path=${SW_SCOPE}; Secure; SameSite=Strict`,
    );
  }
  return cleared ? 'kept' : 'cleared';
}
