// Next Steps offline worker (next-steps.md §1, §2 Startup): keeps the app shell and the last answers
// of the user, task and category calls, so the app and the last task list load offline.
const SHELL = 'next-steps-shell-v1';
const DATA = 'next-steps-data-v1';
const SHELL_URL = '/next-steps/';
const DATA_PATHS = [
  '/next-steps/api/user/',
  '/next-steps/api/user_task/',
  '/next-steps/api/category/',
];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.add(SHELL_URL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** The network first; its last good answer when the network fails. */
async function networkFirst(request, cacheName, key) {
  const cache = await caches.open(cacheName);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(key);
    if (cached) return cached;
    throw error;
  }
}

/** Hashed build files never change: the cache first. */
async function cacheFirst(request) {
  const cache = await caches.open(SHELL);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && url.pathname === '/auth/logout') {
    // Signing out forgets the stored answers: they belong to the user leaving.
    event.waitUntil(caches.delete(DATA));
    return;
  }
  if (request.mode === 'navigate' && url.pathname.startsWith('/next-steps/')) {
    event.respondWith(networkFirst(request, SHELL, SHELL_URL));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
  } else if (DATA_PATHS.includes(url.pathname)) {
    event.respondWith(networkFirst(request, DATA, `${url.pathname}${url.search}`));
  }
});
