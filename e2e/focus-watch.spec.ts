import { expect, test } from './drawn-page.js';
import {
  armFocusWatch,
  expectFocusNeverOnBody,
  expectOnScreen,
  installFocusWatch,
} from './focus-watch.js';

/**
 * The focus watcher of the keyboard journeys (e2e/focus-watch.ts) fails on what it is there to
 * catch: a page whose focus rests on `<body>` for 120 ms after its element goes, and a landing
 * below the window; and passes a page that places focus again in the same task. No server: a page
 * of its own.
 */
const PAGE = `<main><h1>Heading</h1><ul><li><button id="gone">Acknowledge</button></li></ul>
  <div style="height: 3000px"></div><button id="far">Far below</button></main>`;

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.setContent(PAGE);
  await page.evaluate(installFocusWatch);
  await armFocusWatch(page);
});

test('the watcher fails a page whose focus rests on <body> for 120 ms before it lands', async ({
  page,
}) => {
  await page.locator('#gone').focus();
  await page.evaluate(async () => {
    document.getElementById('gone')?.remove();
    await new Promise((resolve) => setTimeout(resolve, 120));
    const heading = document.querySelector('h1');
    heading?.setAttribute('tabindex', '-1');
    heading?.focus();
  });
  await expect(page.locator('h1')).toBeFocused();
  await expect(expectFocusNeverOnBody(page)).rejects.toThrow(/moments focus rested on <body>/);
});

test('the watcher passes a page that places focus again in the task that took it away', async ({
  page,
}) => {
  await page.locator('#gone').focus();
  await page.evaluate(() => {
    document.getElementById('gone')?.remove();
    const heading = document.querySelector('h1');
    heading?.setAttribute('tabindex', '-1');
    heading?.focus();
  });
  await expect(page.locator('h1')).toBeFocused();
  await page.waitForTimeout(200);
  await expectFocusNeverOnBody(page);
});

test('the landing check fails a focus below the window and passes one inside it', async ({
  page,
}) => {
  await page.evaluate(() => document.getElementById('far')?.focus({ preventScroll: true }));
  await expect(expectOnScreen(page.locator('#far'), 500)).rejects.toThrow(/below the window/);
  await page.locator('h1').evaluate((el) => el.scrollIntoView());
  await expectOnScreen(page.locator('h1'), 500);
});
