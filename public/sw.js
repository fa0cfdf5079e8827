// The portal's web push worker (issue 29): shows what the portal pushes to this device (an emergency
// alert, a deadline reminder) and, on a click, brings the portal forward on the page it names. It
// handles no fetch: nothing is cached, the portal works as it does without it. Its scope is the
// whole site; Next Steps keeps its own offline worker at /next-steps/, which wins there.
const FALLBACK = { title: 'Campus Portal', body: '', url: '/', tag: 'portal' };
const ICON = '/push-icon.png';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** The message the server sent (contract/push.schema.ts pushMessageSchema), or the fallback. */
function messageOf(data) {
  let message = null;
  try {
    message = data ? data.json() : null;
  } catch {
    message = null;
  }
  if (!message || typeof message.title !== 'string' || message.title === '') return FALLBACK;
  const url = typeof message.url === 'string' && message.url.startsWith('/') ? message.url : '/';
  return {
    title: message.title,
    body: typeof message.body === 'string' ? message.body : '',
    url,
    tag: typeof message.tag === 'string' ? message.tag : 'portal',
  };
}

self.addEventListener('push', (event) => {
  const message = messageOf(event.data);
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: ICON,
      badge: ICON,
      tag: message.tag,
      data: { url: message.url },
    }),
  );
});

/** An open portal window, the one most recently focused first; none: undefined. */
async function portalWindow() {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  return windows.find((client) => new URL(client.url).origin === self.location.origin);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = event.notification.data && event.notification.data.url;
  const target = new URL(
    typeof path === 'string' && path.startsWith('/') ? path : '/',
    self.location.origin,
  );
  event.waitUntil(
    (async () => {
      const open = await portalWindow();
      if (open) {
        await open.focus();
        // navigate() works on a window this worker controls; another (a Next Steps page) opens anew.
        const moved = await open.navigate(target.href).catch(() => null);
        if (moved) return;
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});
