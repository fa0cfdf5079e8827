// A first visit's whole transfer (issue 63): Chromium, an empty profile, signed in as the student
// through the demo sign-in, opens `/` and stays until the service worker has installed (its precache
// fetched) and the network is quiet. Sums the encoded (compressed, as sent) body sizes of every
// response the network gave, the page's and the service worker's, by what asked for it. A response
// the worker answered for the page is counted once, as the worker's own fetch. Needs
// `npm run build` first. Writes bench/results/first-visit.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { Request } from 'playwright-core';
import { chromiumLaunch } from '../playwright.config.js';
import { signInCookies, startPortal } from './lib/servers.js';

interface Fetched {
  url: string;
  bytes: number;
  byWorker: boolean;
  type: string;
}

const kB = (bytes: number) => +(bytes / 1000).toFixed(1);

const portal = await startPortal('.');
const browser = await chromium.launch(chromiumLaunch);
try {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  await context.addCookies(
    (await signInCookies(portal.base)).map((c) => ({ ...c, url: portal.base })),
  );
  const fetched: Promise<Fetched | null>[] = [];
  const record = (request: Request) =>
    fetched.push(
      (async () => {
        const response = await request.response();
        // The page's request the worker answered: the worker's own fetch, if any, is counted.
        if (!response || response.fromServiceWorker()) return null;
        const sizes = await request.sizes();
        return {
          url: request.url().replace(portal.base, ''),
          bytes: sizes.responseBodySize,
          byWorker: request.serviceWorker() !== null,
          type: request.resourceType(),
        };
      })().catch(() => null),
    );
  context.on('requestfinished', record);
  const page = await context.newPage();
  await page.goto(`${portal.base}/`);
  await page.locator('main h1').first().waitFor();
  // Installed and active: the precache is complete once the registration has an active worker.
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.state;
  });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  const all = (await Promise.all(fetched)).filter((f): f is Fetched => f !== null);
  const sum = (list: Fetched[]) => list.reduce((total, f) => total + f.bytes, 0);
  const page_ = all.filter((f) => !f.byWorker);
  const worker = all.filter((f) => f.byWorker);
  const byType = (list: Fetched[]) =>
    Object.fromEntries(
      [...new Set(list.map((f) => f.type))]
        .sort()
        .map((type) => [type, kB(sum(list.filter((f) => f.type === type)))]),
    );
  const report = {
    measuredAt: new Date().toISOString(),
    totalBytes: sum(all),
    totalKB: kB(sum(all)),
    responses: all.length,
    page: { bytes: sum(page_), responses: page_.length, kBByType: byType(page_) },
    serviceWorker: {
      bytes: sum(worker),
      responses: worker.length,
      kBByType: byType(worker),
      largest: [...worker]
        .sort((a, b) => b.bytes - a.bytes)
        .slice(0, 10)
        .map((f) => `${kB(f.bytes)} kB ${f.url}`),
    },
  };
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/first-visit.json', `${JSON.stringify(report, null, 2)}\n`);
  console.log(report);
} finally {
  await browser.close();
  portal.child.kill();
}
