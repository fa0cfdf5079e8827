import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import { expect, test } from './server.js';
import { signInAs } from './sign-in.js';
import { todaysClassesRead } from './todays-classes.js';

// What the browser asks for as it draws a page itself: a page the server drew asks for less.
test.use({ undrawn: true });

/**
 * The first screen without an API round trip (issue 63): a signed-in person's page carries their
 * status, user and the page's first reads that the server's cache holds; the app answers those calls
 * from the page, and the service worker never keeps that page.
 */

/** The reads the page carries once the server's cache holds them (contract/first-answers.rules.ts). */
const CARRIED = [
  '/api/status',
  '/api/users/user',
  '/api/integrations/finti/current-term',
  '/api/integrations/finti/holds',
];

/** Every address under the API at `base` (the portal's, or Next Steps') the page asks for, in order. */
function apiCalls(page: Page, base = '/api/'): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith(base)) sent.push(`${url.pathname}${url.search}`);
  });
  return sent;
}

/**
 * When the page first painted, and when each call it made to the API under `base` (the portal's, or
 * Next Steps') started, on the page's own clock.
 */
const timings = (page: Page, base = '/api/') =>
  page.evaluate(
    (prefix) => ({
      firstPaint:
        performance.getEntriesByName('first-contentful-paint')[0]?.startTime ??
        Number.POSITIVE_INFINITY,
      api: performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.startsWith(prefix))
        .map((entry) => ({ name: new URL(entry.name).pathname, startTime: entry.startTime })),
    }),
    base,
  );

/** Everything every cache of the origin holds that is HTML, as text. */
const cachedPages = (page: Page) =>
  page.evaluate(async () => {
    const pages: { url: string; text: string }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        if (/html/.test(response?.headers.get('content-type') ?? '')) {
          pages.push({ url: request.url, text: (await response?.text()) ?? '' });
        }
      }
    }
    return pages;
  });

test("a signed-in student's dashboard is drawn from the answers its page carried: no status, user or cached read asked for, none before the first paint", async ({
  page,
}) => {
  // The first visit reads the student's record into the server's cache.
  await signInAs(page, 'Student', '/');
  await expect(page.getByText('Hello Ana')).toBeVisible();
  await expect(todaysClassesRead(page)).toBeVisible();

  // The next visit: the page carries the answers, for this student, never to be kept.
  const sent = apiCalls(page);
  const navigation = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/' && response.request().isNavigationRequest(),
  );
  await page.goto('/');
  const html = await navigation;
  // A personal page (issue 75): no shared cache keeps it, nor the browser's.
  expect(html.headers()['cache-control']).toBe('private, no-store');
  expect(await html.text()).toContain('id="first-answers"');
  await expect(page.getByText('Hello Ana')).toBeVisible();
  await expect(todaysClassesRead(page)).toBeVisible();
  await expect(
    page.getByTestId('block-profile-summary').getByText('Registration Hold'),
  ).toBeVisible();
  await expect(page.locator('.loading')).toHaveCount(0);

  for (const address of CARRIED) expect(sent, `${address} was asked for`).not.toContain(address);
  // The block was read once and is gone: a later navigation does not find it.
  await expect(page.locator('#first-answers')).toHaveCount(0);
  const { firstPaint, api } = await timings(page);
  expect(firstPaint).toBeLessThan(Number.POSITIVE_INFINITY);
  expect(api.filter((call) => call.startTime < firstPaint)).toEqual([]);
  // The other reads still go to the API (the page's content, the messages).
  expect(sent).toContain('/api/notifications/user');
  await expectNoAxeViolations(page);
});

test("the service worker never keeps a signed-in person's page: its precached shell is the data-free one", async ({
  page,
}) => {
  await signInAs(page, 'Student', '/');
  await expect(page.getByText('Hello Ana')).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), {
      timeout: 20_000,
    })
    .toMatch(/\/sw\.js$/);
  // Pages now come through the worker (navigation preload): the page still carries the answers…
  const navigation = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/academics' && response.request().isNavigationRequest(),
  );
  await page.goto('/academics');
  expect(await (await navigation).text()).toContain('id="first-answers"');
  await expect(page.getByRole('heading', { level: 1, name: 'Academics' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByText('Hello Ana')).toBeVisible();
  // …and no cache holds a page with anyone's answers; the shell it keeps is the configuration's.
  const kept = await cachedPages(page);
  expect(kept.map(({ url }) => new URL(url).pathname)).toContain('/');
  for (const { url, text } of kept) {
    expect(text, url).not.toContain('first-answers');
    expect(text, url).not.toContain('auth_token');
  }
});

test("a signed-in student's Next Steps list is drawn from the answers its page carried: no record, task or category asked for, no Next Steps call before the first paint", async ({
  page,
}) => {
  await signInAs(page, 'Student', '/next-steps/');
  await expect(page.getByRole('heading', { level: 1, name: 'Up Next' })).toBeVisible();

  const sent = apiCalls(page, '/next-steps/api/');
  const navigation = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/next-steps/' &&
      response.request().isNavigationRequest(),
  );
  await page.goto('/next-steps/');
  const html = await navigation;
  // A personal page (issue 75): no shared cache keeps it, nor the browser's.
  expect(html.headers()['cache-control']).toBe('private, no-store');
  expect(await html.text()).toContain('id="first-answers"');
  await expect(page.getByRole('heading', { level: 1, name: 'Up Next' })).toBeVisible();
  const tasks = page.getByRole('list', { name: 'Tasks' });
  await expect(tasks.getByRole('listitem').first()).toBeVisible();
  await expect(page.locator('#first-answers')).toHaveCount(0);

  for (const address of [
    '/next-steps/api/user/',
    '/next-steps/api/user_task/?published=True',
    '/next-steps/api/category/',
  ]) {
    expect(sent, `${address} was asked for`).not.toContain(address);
  }
  const { firstPaint, api: nextSteps } = await timings(page, '/next-steps/api/');
  expect(firstPaint).toBeLessThan(Number.POSITIVE_INFINITY);
  expect(nextSteps.filter((call) => call.startTime < firstPaint)).toEqual([]);
  await expectNoAxeViolations(page);
});
