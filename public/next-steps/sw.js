// @ts-check
/// <reference lib="webworker" />
// Next Steps' former offline worker, retired (issue 44): the portal's one worker (/sw.js, scope /,
// built from worker/sw.ts) now serves Next Steps too. A browser that still has this registration
// fetches this file on its next visit; it then deletes the former worker's caches, unregisters
// itself and reloads the pages it controlled, which the portal's worker then serves.
const self_ = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const FORMER_CACHES = ['next-steps-shell-v1', 'next-steps-data-v1', 'next-steps-data-v2'];

self_.addEventListener('install', () => {
  void self_.skipWaiting();
});

self_.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await Promise.all(FORMER_CACHES.map((name) => caches.delete(name)));
      await self_.registration.unregister();
      const windows = await self_.clients.matchAll({ type: 'window' });
      await Promise.all(windows.map((client) => client.navigate(client.url).catch(() => null)));
    })(),
  );
});
