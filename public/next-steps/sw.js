// Next Steps offline worker (next-steps.md §1, §2 Startup): keeps the app shell and the last answers
// of the user, task and category calls, so the app and the last task list load offline.
//
// Campus computers are shared. What it keeps belongs to one person: it never stores a token (the user
// call is kept with its auth_token blanked), and it drops every kept answer itself when the user call
// names someone else or says nobody is signed in. Logout also sends Clear-Site-Data, which clears it all.
const SHELL = 'next-steps-shell-v1';
const DATA = 'next-steps-data-v2';
const OLD_DATA = ['next-steps-data-v1'];
const SHELL_URL = '/next-steps/';
const USER_PATH = '/next-steps/api/user/';
const DATA_PATHS = [USER_PATH, '/next-steps/api/user_task/', '/next-steps/api/category/'];
/** Whose answers DATA holds, kept in DATA itself so that clearing DATA forgets it too. */
const OWNER_KEY = '/next-steps/__owner__';
const TOKEN = /"auth_token"\s*:\s*"[^"]/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.add(SHELL_URL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  // The v1 data cache stored the user call with its token: it goes.
  event.waitUntil(
    Promise.all(OLD_DATA.map((name) => caches.delete(name))).then(() => self.clients.claim()),
  );
});

/** The user call's answer without its token, and whose it is; null when it is not a user list. */
function withoutToken(text) {
  try {
    const users = JSON.parse(text);
    if (!Array.isArray(users) || users.length === 0) return null;
    const blanked = users.map((user) => ({ ...user, auth_token: '' }));
    return { body: JSON.stringify(blanked), owner: String(users[0].id) };
  } catch {
    return null;
  }
}

/** Keeps a good data answer for the same person only; a new person first clears the last one's. */
async function keep(url, response) {
  const key = `${url.pathname}${url.search}`;
  const text = await response.clone().text();
  const headers = { 'content-type': response.headers.get('content-type') ?? 'application/json' };
  if (url.pathname === USER_PATH) {
    const user = withoutToken(text);
    if (!user) return;
    const cache = await caches.open(DATA);
    const owner = await cache.match(OWNER_KEY);
    if (owner && (await owner.text()) !== user.owner) await caches.delete(DATA);
    const fresh = await caches.open(DATA);
    await fresh.put(OWNER_KEY, new Response(user.owner));
    await fresh.put(key, new Response(user.body, { headers }));
    return;
  }
  if (TOKEN.test(text)) return;
  const cache = await caches.open(DATA);
  // Only answers of the person the user call named; before it answered, nothing is kept.
  if (!(await cache.match(OWNER_KEY))) return;
  await cache.put(key, new Response(text, { headers }));
}

/** The network first; its last good answer when the network fails. */
async function networkFirstData(request) {
  const url = new URL(request.url);
  try {
    const response = await fetch(request);
    if (response.ok) await keep(url, response);
    // Signed out, or the session ended: nothing of the last person may answer offline.
    else if (response.status === 401 || response.status === 403) await caches.delete(DATA);
    return response;
  } catch (error) {
    const cache = await caches.open(DATA);
    const cached = await cache.match(`${url.pathname}${url.search}`);
    if (cached) return cached;
    throw error;
  }
}

async function networkFirstShell(request) {
  const cache = await caches.open(SHELL);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(SHELL_URL, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(SHELL_URL);
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
  if (request.mode === 'navigate' && url.pathname.startsWith('/next-steps/')) {
    event.respondWith(networkFirstShell(request));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
  } else if (DATA_PATHS.includes(url.pathname)) {
    event.respondWith(networkFirstData(request));
  }
});
