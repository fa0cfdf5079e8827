import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import { startFileServer } from './server.js';
import type { FileServer } from './server.js';
import { signInAs } from './sign-in.js';

/**
 * Issue 87: on a page the server drew, the Safety menu (its `tel:` link to campus safety) and the
 * phone's menu open before the page's scripts arrive, and with no scripts at all: before the app
 * has the page they are the browser's popovers (src/ui/menu-disclosure.tsx). A press on the phone's
 * menu before the takeover is not lost: the menu stays open once the app has the page.
 */

let server: FileServer;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startFileServer('safety-without-scripts', {
    SERVER_RENDER: 'on',
    SERVER_RENDER_MS: '15000',
  });
});
test.afterAll(async () => {
  await server?.stop();
});

async function student(browser: Browser, width: number, javaScriptEnabled: boolean) {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width, height: 800 },
    javaScriptEnabled,
  });
  const page = await context.newPage();
  await signInAs(page, 'Student', '/', javaScriptEnabled);
  return page;
}

/** The dashboard as the server drew it (a process's first render may be a cold one, undrawn). */
async function drawnDashboard(page: Page) {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.getByText('Hello Ana')).toBeVisible();
    // Read from the DOM, not by a script of the test's own: the page may run none.
    if ((await page.locator('html[data-drawn]').count()) > 0) return;
  }
}

const callSafety = (page: Page) => page.getByRole('link', { name: /Call Campus Safety/ });

for (const width of [390, 1280]) {
  test(`with JavaScript off at ${width} px the Safety menu opens and its tel: link is there`, async ({
    browser,
  }) => {
    const page = await student(browser, width, false);
    await drawnDashboard(page);
    await expect(callSafety(page)).toBeHidden();
    if (width < 800) {
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.getByRole('link', { name: 'Academics' }).first()).toBeVisible();
    } else {
      await page.getByRole('button', { name: 'Safety' }).click();
    }
    await expect(callSafety(page)).toBeVisible();
    await expect(callSafety(page)).toHaveAttribute('href', /^tel:/);
    // (axe runs in the page, which runs no script here: the journeys below check the same menus.)
    await page.screenshot({ path: test.info().outputPath(`no-scripts-${width}.png`) });
    // Escape closes it, as the browser's popover does; on a wide screen a press outside too.
    await page.keyboard.press('Escape');
    await expect(callSafety(page)).toBeHidden();
    if (width >= 800) {
      await page.getByRole('button', { name: 'Safety' }).click();
      await expect(callSafety(page)).toBeVisible();
      await page.getByText('Hello Ana').click();
      await expect(callSafety(page)).toBeHidden();
    }
  });
}

for (const width of [390, 1280]) {
  test(`at ${width} px, with the scripts late, a menu opened before the takeover is still open after it and closes as the app's`, async ({
    browser,
  }) => {
    const page = await student(browser, width, true);
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue();
    });
    await drawnDashboard(page);
    expect(
      await page.evaluate(() => document.documentElement.hasAttribute('data-taken-over')),
    ).toBe(false);
    const toggle = page.getByRole('button', { name: width < 800 ? 'Menu' : 'Safety' });
    await toggle.click();
    await expect(callSafety(page)).toBeVisible();
    await page.waitForFunction(
      () => document.documentElement.hasAttribute('data-taken-over'),
      null,
      {
        timeout: 30_000,
      },
    );
    // The app has it now: open, said so, and no longer the browser's popover.
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(toggle).not.toHaveAttribute('popovertarget');
    await expect(callSafety(page)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(callSafety(page)).toBeHidden();
    await toggle.click();
    await expect(callSafety(page)).toBeVisible();
  });
}
