import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import type { Page } from '@playwright/test';
import { chromiumLaunch } from '../playwright.config.js';
import { expectNoAxeViolations } from './axe.js';
import { expect, startFileServer, test as base } from './server.js';
import type { FileServer } from './server.js';

/**
 * The installable portal (issue 44): its manifest and icons, Chromium's installability check, the
 * one service worker that replaced the two hand-written ones, and a new build taking over only when
 * the person chooses "Reload", leaving none of the old build's files behind.
 *
 * This file's server serves a copy of the built apps (CLIENT_DIR), so that one journey can put a
 * "new build" in place while the server runs: the server reads the worker and the hashed files from
 * disk on each request (and serves the files it found at start-up). What that new build is, exactly:
 * a worker whose precache list drops one hashed script of the old build, adds a file the old list did
 * not hold, and gives the portal page a new revision: what a rebuild that replaces a module changes
 * for the worker. It proves the worker's side (a changed list installs, waits, and on activation
 * leaves no file of the old list behind), not Vite's hashing.
 */
const test = base.extend<object, { built: { server: FileServer; dir: string } }>({
  built: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const dir = path.join(mkdtempSync(path.join(tmpdir(), 'portal-installable-')), 'client');
      cpSync('dist/client', dir, { recursive: true });
      const server = await startFileServer('installable', { CLIENT_DIR: dir });
      await use({ server, dir });
      await server.stop();
      rmSync(path.dirname(dir), { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ built }, provide) => provide(built.server.url),
});

/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (bytes: Buffer) => `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;

async function signIn(page: Page, persona: string) {
  await page.goto('/auth/login?next=%2F');
  await page.getByRole('button', { name: `Sign in as ${persona}`, exact: true }).click();
  await expect(page.getByRole('main')).toBeVisible();
}

/** Waits until the one worker controls the page. */
async function controlled(page: Page) {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), {
      timeout: 20_000,
    })
    .toMatch(/\/sw\.js$/);
}

/** Every URL in every cache of the origin. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });

test('the manifest names the app, starts at / in a standalone window, and each icon loads at its declared size', async ({
  request,
}) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await response.json()) as {
    icons: { src: string; sizes: string; purpose: string; type: string }[];
  };
  expect(manifest).toMatchObject({
    id: '/',
    name: 'Campus Portal',
    short_name: 'Campus Portal',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#1f4e79',
    background_color: '#f3f4f6',
  });
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of [
    ...manifest.icons,
    { src: '/icons/apple-touch-icon.png', sizes: '180x180', type: 'image/png' },
  ]) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe(icon.type);
    expect(pngSize(await image.body()), icon.src).toBe(icon.sizes);
  }
  // Every page the apps serve links it: the portal, Next Steps, and the server's own pages.
  for (const page of ['/', '/academics', '/next-steps/', '/next-steps/task/4', '/auth/login']) {
    const html = await (await request.get(page, { headers: { accept: 'text/html' } })).text();
    expect(html, page).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    expect(html, page).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png"');
  }
  const portal = await (await request.get('/', { headers: { accept: 'text/html' } })).text();
  expect(portal).toContain('<meta name="apple-mobile-web-app-capable" content="yes" />');
  expect(portal).toContain('<meta name="apple-mobile-web-app-title" content="Campus Portal" />');
});

test('Chromium finds the portal installable: no installability errors for /', async ({ built }) => {
  // A profile of its own on disk: Chromium never offers to install from an off-the-record one.
  const profile = mkdtempSync(path.join(tmpdir(), 'portal-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...chromiumLaunch,
    baseURL: built.server.url,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await signIn(page, 'Student');
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    await expect
      .poll(async () => {
        const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
          installabilityErrors: { errorId: string }[];
        };
        return installabilityErrors.map((e) => e.errorId);
      })
      .toEqual([]);
    const { url, errors } = (await cdp.send('Page.getAppManifest')) as {
      url: string;
      errors: unknown[];
    };
    expect(url).toMatch(/\/manifest\.webmanifest$/);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test("one worker for both apps: Next Steps' former worker is unregistered and its caches go", async ({
  page,
}) => {
  await signIn(page, 'Student');
  await controlled(page);
  // A browser that still has Next Steps' former registration (/next-steps/sw.js, scope /next-steps/)
  // and its caches, as every browser that used Next Steps before this version does: its worker
  // active, as it is there. (Navigating while it was still installing left the page under no worker
  // at all, the registration of the longest scope having none active: no browser that used Next
  // Steps is in that state.)
  await page.evaluate(async () => {
    await (await caches.open('next-steps-shell-v1')).put('/next-steps/', new Response('old'));
    const former = await navigator.serviceWorker.register('/next-steps/sw.js', {
      scope: '/next-steps/',
    });
    const worker = former.installing ?? former.waiting;
    if (worker) {
      await new Promise<void>((settled) => {
        const done = () => ['activated', 'redundant'].includes(worker.state) && settled();
        worker.addEventListener('statechange', done);
        done();
      });
    }
  });
  await page.goto('/next-steps/task');
  await expect(
    page.getByRole('list', { name: 'Tasks' }).getByRole('listitem').first(),
  ).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await navigator.serviceWorker.getRegistrations()).map((r) => new URL(r.scope).pathname),
      ),
    )
    .toEqual(['/']);
  await controlled(page);
  await expect.poll(() => page.evaluate(() => caches.keys())).not.toContain('next-steps-shell-v1');
});

test('a new build waits for "Reload" in the update notice, then the old build\'s cached files are gone', async ({
  page,
  built,
}, testInfo) => {
  await signIn(page, 'Student');
  await controlled(page);
  const precached = await cachedUrls(page);
  // The next build (see above).
  const workerFile = path.join(built.dir, 'sw.js');
  const worker = readFileSync(workerFile, 'utf8');
  const scripts = [...worker.matchAll(/"url":"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? '');
  const old = scripts.find((s) => /term-name-/.test(s)) ?? scripts[0] ?? '';
  expect(precached.some((u) => u.endsWith(old))).toBe(true);
  // A file the server has served since it started (it serves the files it found at start-up).
  const renamed = '/push-icon.png';
  expect(precached.some((u) => u.includes(renamed))).toBe(false);
  const next = worker
    .replace(`{"revision":null,"url":"${old}"}`, `{"revision":"next-build","url":"${renamed}"}`)
    .replace(/("revision":")[^"]+(","url":"\/")/, '$1next-build$2');
  expect(next).not.toBe(worker);
  for (const file of readdirSync(built.dir).filter((f) => /^sw\.js\.(br|gz)$/.test(f))) {
    rmSync(path.join(built.dir, file));
  }
  writeFileSync(workerFile, next);

  // The next visit finds it; it installs and waits: nothing switches under the person.
  await page.reload();
  const notice = page.getByRole('status').filter({ hasText: 'A new version is ready.' });
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(page);
  for (const scheme of ['light', 'dark'] as const) {
    for (const width of [390, 1280]) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: testInfo.outputPath(`update-notice-${width}-${scheme}.png`) });
    }
  }
  expect((await cachedUrls(page)).some((u) => u.includes(renamed))).toBe(true);

  await notice.getByRole('button', { name: 'Reload' }).click();
  await expect(notice).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByRole('main')).toBeVisible();
  await expect
    .poll(async () => (await cachedUrls(page)).filter((u) => u.endsWith(old)))
    .toEqual([]);
  expect((await cachedUrls(page)).some((u) => u.includes(renamed))).toBe(true);
});
