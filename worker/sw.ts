/// <reference lib="webworker" />
// The portal's one service worker (issue 44), for both apps, at /sw.js with the whole site as scope:
// - a revisioned precache of both apps' shells (the pages and their hashed files), the old build's
//   files removed when a new one activates (cleanupOutdatedCaches);
// - pages from the network first, the app's precached page when the network or the server cannot
//   be reached (the navigation fallback);
// - the signed-in person's own reads, network first with a short time limit, kept for offline and
//   for that person only (kept-answers.ts);
// - web push: shows what the portal pushes to this device and, on a click, brings the portal
//   forward on the page it names (issue 29).
// A new version waits until the person chooses "Reload" (the page's update notice sends
// SKIP_WAITING), except over a worker that precached nothing (the former push-only worker).
import { cleanupOutdatedCaches, matchPrecache, precache, addRoute } from 'workbox-precaching';
import type { PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core';
import {
  KEPT_AT_HEADER,
  KEPT_CACHE,
  PUBLIC_CACHE,
  isPublicRead,
  publicKeepable,
  afterAnswer,
  afterAnyAnswer,
  forgetEndedSession,
  forgetKept,
  isKeptRead,
  isSignOut,
  keepable,
  usableKept,
} from './kept-answers.js';
import { isNextStepsPage } from '../contract/first-answers.rules.js';
import { keepCarried } from './first-answers.js';
import { hearOtherApiCalls } from './other-calls.js';
import { notificationTarget, pushMessageOf } from './push-message.js';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (PrecacheEntry | string)[];
};

/** How long a page or a read may take before the kept copy answers instead. */
const NETWORK_TIMEOUT_SECONDS = 4;
/** The built files used since, beside the precache (issue 63). */
const ASSETS_CACHE = 'portal-assets-v1';
const PAGE_TIMEOUT_MS = 4000;
const ICON = '/push-icon.png';
/** Addresses the browser navigates to that are the server's own pages, never an app's. */
const SERVER_PAGES = /^\/(auth|admin|api|next-steps\/api|healthz|readyz|docs|calendar)(\/|$)/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const keys = await caches.keys();
      // Over no worker, or the push-only one that kept nothing, there is no page to surprise.
      if (!keys.some((key) => key.startsWith('workbox-precache'))) await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Next Steps' former worker kept its shell and data here: they go with it.
      await Promise.all(
        ['next-steps-shell-v1', 'next-steps-data-v1', 'next-steps-data-v2'].map((name) =>
          caches.delete(name),
        ),
      );
      // What an earlier session left past its end goes now, not at the first offline read.
      await forgetEndedSession(caches, new Date());
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && 'type' in data) {
    if (data.type === 'SKIP_WAITING') void self.skipWaiting();
    if (data.type === 'FORGET_KEPT') event.waitUntil(forgetKept(caches));
    if (data.type === 'WHAT_KEPT' && event.source && 'id' in event.source) {
      const at = keptFor.get(event.source.id);
      if (at) event.source.postMessage({ type: 'KEPT', at });
    }
  }
});

// Signing out takes everything kept with the session (the server's Clear-Site-Data does too, where
// the browser honours it). Not answered here: the request goes to the server as ever.
self.addEventListener('fetch', (event) => {
  if (isSignOut(event.request.method, new URL(event.request.url)))
    event.waitUntil(forgetKept(caches));
});

cleanupOutdatedCaches();
precache(self.__WB_MANIFEST);

/**
 * The answers the last page carried, being kept (first-answers.ts): the person's reads wait for
 * them, as the user call they carry names whose the reads are.
 */
let carried: Promise<void> = Promise.resolve();

/**
 * The page as it came, its carried answers kept aside (never the page itself); what it says of the
 * session (another session's, or the site's data to clear) is heard first, as any answer's.
 */
function keepingCarried(event: FetchEvent, response: Response): Response {
  const page = response.clone();
  carried = afterAnyAnswer(caches, page)
    .then(() => keepCarried(caches, page, new URL(event.request.url), new Date()))
    .catch(() => undefined);
  event.waitUntil(carried);
  return response;
}

/** A page: the network first (its preloaded answer when there is one), else the app's shell. */
async function page(event: FetchEvent): Promise<Response> {
  const url = new URL(event.request.url);
  const shell = isNextStepsPage(url.pathname) ? '/next-steps/' : '/';
  try {
    const preloaded = (await event.preloadResponse) as Response | undefined;
    if (preloaded) return keepingCarried(event, preloaded);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), PAGE_TIMEOUT_MS);
    try {
      return keepingCarried(event, await fetch(event.request, { signal: controller.signal }));
    } finally {
      clearTimeout(timer);
    }
  } catch (error) {
    const kept = await matchPrecache(shell);
    if (kept) return kept;
    throw error;
  }
}

/**
 * The server's own pages (sign-in and its callbacks, Canvas's callback, admin) are never answered
 * from what is kept. With navigation preload on, the browser has already asked the server for the
 * page; a fetch handler that gave no answer would have it asked a second time, and a one-shot
 * callback (an OAuth code) would then be refused on its second asking. The preloaded answer is the
 * page's, so the server is asked once.
 */
registerRoute(
  ({ request, url, sameOrigin }) =>
    sameOrigin && request.mode === 'navigate' && SERVER_PAGES.test(url.pathname),
  async ({ event }) => {
    const fetchEvent = event as FetchEvent;
    const preloaded = (await fetchEvent.preloadResponse) as Response | undefined;
    return preloaded ?? fetch(fetchEvent.request);
  },
);

// Registered before the precache's own route, so app pages are never answered from it first.
registerRoute(
  ({ request, url, sameOrigin }) =>
    sameOrigin && request.mode === 'navigate' && !SERVER_PAGES.test(url.pathname),
  ({ event }) => page(event as FetchEvent),
);

/**
 * Which page was last answered from what was kept, and when that was current: the page's offline
 * notice asks on start (WHAT_KEPT) and then hears each change (KEPT, FRESH).
 */
const keptFor = new Map<string, string>();

async function tell(
  clientId: string | undefined,
  message: { type: 'KEPT'; at: string } | { type: 'FRESH' },
) {
  if (!clientId) return;
  const client = await self.clients.get(clientId);
  client?.postMessage(message);
}

const keptAnswers: WorkboxPlugin = {
  cacheWillUpdate: async ({ request, response }) => {
    await carried;
    return keepable(caches, new URL(request.url), response, new Date());
  },
  fetchDidSucceed: async ({ response }) => {
    await afterAnswer(caches, response);
    return response;
  },
  // Past the end of the session it was read in, a kept answer is refused and everything kept goes.
  cachedResponseWillBeUsed: async ({ cachedResponse }) =>
    usableKept(caches, cachedResponse, new Date()),
};

const publicAnswers: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => publicKeepable(response, new Date()),
};

/** Tells the page when it is answered from what was kept, and when from the network again. */
const connectionNews: WorkboxPlugin = {
  fetchDidSucceed: async ({ response, event }) => {
    const clientId = (event as FetchEvent | undefined)?.clientId;
    if (response.ok && clientId && keptFor.has(clientId)) {
      keptFor.delete(clientId);
      await tell(clientId, { type: 'FRESH' });
    }
    return response;
  },
  cachedResponseWillBeUsed: async ({ cachedResponse, event }) => {
    const at = cachedResponse?.headers.get(KEPT_AT_HEADER);
    const clientId = (event as FetchEvent | undefined)?.clientId;
    if (at && clientId) {
      const before = keptFor.get(clientId);
      const oldest = before !== undefined && before < at ? before : at;
      keptFor.set(clientId, oldest);
      await tell(clientId, { type: 'KEPT', at: oldest });
    }
    return cachedResponse ?? null;
  },
};

registerRoute(
  ({ request, url, sameOrigin }) =>
    sameOrigin && request.method === 'GET' && isKeptRead(url.pathname),
  new NetworkFirst({
    cacheName: KEPT_CACHE,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    // Bounded: reads that vary by query (a term's schedule) cannot grow the copy without end.
    plugins: [keptAnswers, connectionNews, new ExpirationPlugin({ maxEntries: 100 })],
    // Answered for one person whatever the Authorization header said: the owner rule guards it.
    matchOptions: { ignoreVary: true },
  }),
);

registerRoute(
  ({ request, url, sameOrigin }) =>
    sameOrigin && request.method === 'GET' && isPublicRead(url.pathname),
  new NetworkFirst({
    cacheName: PUBLIC_CACHE,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [publicAnswers, connectionNews],
    matchOptions: { ignoreVary: true },
  }),
);

// Every other API call goes to the network, heard for what it says of the session.
hearOtherApiCalls(caches);

addRoute();

/**
 * The built files the precache leaves out (vite.config.ts: what only some visits use), kept as they
 * are used: their names carry their content's hash, so a kept copy is never stale. Bounded, so
 * earlier builds' files go in time. After the precache's route, which answers the files it holds.
 */
registerRoute(
  ({ request, url, sameOrigin }) =>
    sameOrigin && request.method === 'GET' && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: ASSETS_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 60 })],
  }),
);

self.addEventListener('push', (event) => {
  const message = pushMessageOf(event.data);
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
  const target = notificationTarget(event.notification.data, self.location.origin);
  event.waitUntil(
    (async () => {
      const open = await portalWindow();
      if (open) {
        await open.focus();
        const moved = await open.navigate(target).catch(() => null);
        if (moved) return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
