import type { Browser, BrowserContext, Page } from '@playwright/test';
import { untilTakenOver } from './drawn-page.js';
import { expect, startFileServer, test } from './server.js';
import type { FileServer } from './server.js';

/**
 * Issue 87: the view-as bar is in the page the server draws, so it is there before any script
 * runs: with JavaScript off, and with the scripts 4 s late. End is a form carrying the session's
 * token: it ends the view without scripts, and with them once the app has taken the page over.
 */

const LATE_MS = 4000;

let server: FileServer;
test.use({ beforeTakeover: true });
test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startFileServer('view-as-drawn', { SUPERUSER_GROUPS: 'portal-staff' });
});
test.afterAll(async () => {
  await server?.stop();
});

/** Staff viewing as Ana Valencia (the view started on `/admin/view-as`), on the page it leads to. */
async function viewingAs(browser: Browser): Promise<{ context: BrowserContext; staff: Page }> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 390, height: 800 },
    serviceWorkers: 'block',
  });
  // Ana has a record once she has signed in (the sample student's record made by the first
  // reminder round may not be there yet when the search runs).
  const student = await browser.newContext({ baseURL: server.url, serviceWorkers: 'block' });
  const ana = await student.newPage();
  await ana.goto('/auth/login?next=%2F');
  await ana.locator('button[name="persona"][value="student"]').click();
  await expect(ana).toHaveURL(`${server.url}/`);
  await student.close();
  const staff = await context.newPage();
  await staff.goto('/auth/login?next=%2Fadmin%2Fview-as');
  await staff.locator('button[name="persona"][value="staff"]').click();
  await expect(staff).toHaveURL(/\/admin\/view-as$/);
  await staff.getByLabel('Username, student number or name').fill('Valencia');
  await staff.getByRole('button', { name: 'Find' }).click();
  await staff.getByRole('link', { name: 'View as Ana Valencia' }).click();
  await staff.getByLabel('Reason (required)').fill('She cannot find her registration hold');
  await staff.getByRole('button', { name: 'Start' }).click();
  await expect(staff).toHaveURL(`${server.url}/`);
  await untilTakenOver(staff);
  return { context, staff };
}

/** The bar as the server drew it: the student's name, read only, End; the skip link after it. */
async function expectBar(page: Page) {
  const bar = page.getByRole('region', { name: 'View as' });
  await expect(bar).toContainText('Viewing as Ana Valencia (read only)');
  await expect(bar.getByRole('button', { name: 'End the view as Ana Valencia' })).toBeVisible();
  // Stuck to the top, above the page, once its stylesheet has loaded: a page read at its first
  // bytes (`waitUntil: 'commit'`) can be read before the sheet arrives, which the browser does not
  // paint before (the sheet blocks rendering), but a script's computed style can.
  await expect.poll(() => bar.evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
  return bar;
}

test('with JavaScript off the drawn page holds the bar, End ends the view, and its skip link shows below the bar', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { context } = await viewingAs(browser);
  const off = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 390, height: 800 },
    javaScriptEnabled: false,
    storageState: await context.storageState(),
  });
  const page = await off.newPage();
  const answer = await page.goto('/academics');
  expect((await answer?.text()) ?? '').toContain('class="view-as-bar"');
  const bar = await expectBar(page);
  // The first Tab reaches End, the second the skip link, shown clear of the bar.
  await page.keyboard.press('Tab');
  await expect(bar.getByRole('button', { name: 'End the view as Ana Valencia' })).toBeFocused();
  await page.keyboard.press('Tab');
  const skip = page.locator('.skip-link');
  await expect(skip).toBeFocused();
  const [barBox, skipBox] = [await bar.boundingBox(), await skip.boundingBox()];
  expect(skipBox?.y ?? 0).toBeGreaterThanOrEqual((barBox?.y ?? 0) + (barBox?.height ?? 0) - 1);
  await bar.getByRole('button', { name: 'End the view as Ana Valencia' }).click();
  await expect(page).toHaveURL(/\/admin\/view-as\?done=ended$/);
  await off.close();
  await context.close();
});

test('with the scripts 4 s late the bar is on the page before they run, and End works once they have', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { context, staff } = await viewingAs(browser);
  await context.route(
    (url) => /\.m?js$/.test(url.pathname),
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, LATE_MS));
      await route.continue().catch(() => {});
    },
  );
  for (const path of ['/', '/next-steps/']) {
    await staff.goto(path, { waitUntil: 'commit' });
    await expectBar(staff);
    // No script of the page has run yet: the app has not taken it over.
    expect(
      await staff.evaluate(() => document.documentElement.hasAttribute('data-taken-over')),
    ).toBe(false);
    await untilTakenOver(staff);
    await expectBar(staff);
  }
  await staff.getByRole('button', { name: 'End the view as Ana Valencia' }).click();
  await expect(staff).toHaveURL(/\/admin\/view-as\?done=ended$/);
  await context.close();
});
