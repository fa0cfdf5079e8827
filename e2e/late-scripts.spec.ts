import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './server.js';
import { startFileServer } from './server.js';
import type { FileServer } from './server.js';
import { untilTakenOver } from './drawn-page.js';
import { signInAs } from './sign-in.js';

/**
 * Issue 87: a page the server drew paints before any of its scripts arrive. Every script request
 * is held 4 s (the service worker blocked, so none comes from its cache); the person's stored theme
 * is dark. On `/`, Academics and Next Steps the first paint is already dark, and the largest paint
 * (`largest-contentful-paint`) comes before the first script has arrived.
 */

const LATE_MS = 4000;

let server: FileServer;
test.use({ beforeTakeover: true });
test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startFileServer('late-scripts', { SERVER_RENDER_MS: '15000' });
});
test.afterAll(async () => {
  await server?.stop();
});

/** What the page noted before its own code ran: the theme's changes, its paints, its scripts. */
interface Noted {
  themes: { at: number; theme: string | null }[];
  firstPaint: number | null;
  largest: number | null;
  firstScript: number | null;
}

declare global {
  interface Window {
    lateScriptsNoted?: Noted;
  }
}

/** Notes, from the document's start, each `data-theme` set, the paints and the scripts' arrivals. */
function noteFromStart() {
  const noted: Noted = { themes: [], firstPaint: null, largest: null, firstScript: null };
  window.lateScriptsNoted = noted;
  // The document has no <html> yet: watched from the document down.
  new MutationObserver((changes) => {
    for (const change of changes) {
      if (change.target instanceof Element && change.target === document.documentElement)
        noted.themes.push({
          at: performance.now(),
          theme: change.target.getAttribute('data-theme'),
        });
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-theme'] });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.entryType === 'paint' && entry.name === 'first-paint')
        noted.firstPaint = entry.startTime;
      if (entry.entryType === 'largest-contentful-paint') noted.largest = entry.startTime;
      if (
        entry instanceof PerformanceResourceTiming &&
        /\.m?js(\?|$)/.test(new URL(entry.name).pathname) &&
        (noted.firstScript === null || entry.responseEnd < noted.firstScript)
      )
        noted.firstScript = entry.responseEnd;
    }
  }).observe({ entryTypes: ['paint', 'largest-contentful-paint', 'resource'] });
}

/** Every script request held `LATE_MS` before it goes on. */
async function scriptsLate(context: BrowserContext) {
  await context.route(
    (url) => /\.m?js$/.test(url.pathname),
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, LATE_MS));
      await route.continue().catch(() => {});
    },
  );
}

async function openedLate(
  page: Page,
  path: string,
): Promise<Noted & { drawnTheme: string | null }> {
  const answer = await page.goto(path);
  const body = (await answer?.text()) ?? '';
  // The page the server sent was drawn (the test is about its paint, not the skeleton's).
  expect(body).toContain('id="server-render"');
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-taken-over'), null, {
    timeout: 20_000,
  });
  const noted = await page.evaluate(() => window.lateScriptsNoted);
  if (!noted) throw new Error('Nothing was noted');
  const drawnTheme = /<html[^>]*\sdata-theme="([a-z]+)"/.exec(body)?.[1] ?? null;
  return { ...noted, drawnTheme };
}

test('with the scripts 4 s late, /, Academics and Next Steps paint at once, in the stored dark theme', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1280, height: 900 },
    colorScheme: 'light',
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await signInAs(page, 'Student', '/');
  // The person chooses Dark on Account: kept on the server and on this device (src/lib/theme.ts).
  await page.goto('/account');
  await untilTakenOver(page);
  const group = page.getByRole('group', { name: 'Theme' });
  await group.getByRole('radio', { name: 'Dark' }).check();
  await expect(page.getByRole('region', { name: 'Appearance' }).getByRole('status')).toHaveText(
    'Saved.',
  );
  expect(await page.evaluate(() => window.localStorage.getItem('campus-portal.theme'))).toBe(
    'dark',
  );
  await context.addInitScript(noteFromStart);
  await scriptsLate(context);
  for (const path of ['/', '/academics', '/next-steps/']) {
    const late = await context.newPage();
    const noted = await openedLate(late, path);
    const where = `${path}: ${JSON.stringify(noted)}`;
    // Dark from the first paint: set before it (or drawn so), and never changed after.
    expect(noted.firstPaint, where).not.toBeNull();
    const beforePaint = noted.themes.filter((t) => t.at <= (noted.firstPaint ?? 0));
    const atPaint = beforePaint.at(-1)?.theme ?? noted.drawnTheme;
    expect(atPaint, where).toBe('dark');
    expect(await late.evaluate(() => document.documentElement.dataset.theme), where).toBe('dark');
    // The largest paint before any script arrived, and well before the 4 s they were held.
    expect(noted.firstScript, where).not.toBeNull();
    expect(noted.largest, where).not.toBeNull();
    expect(noted.largest ?? Infinity, where).toBeLessThan(noted.firstScript ?? 0);
    expect(noted.largest ?? Infinity, where).toBeLessThan(LATE_MS);
    console.log(
      `LCP ${path} ${Math.round(noted.largest ?? 0)} ms (scripts at ${Math.round(noted.firstScript ?? 0)} ms)`,
    );
    await late.close();
  }
  await context.close();
});
