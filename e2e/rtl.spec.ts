import type { Page } from '@playwright/test';
import { expect, test } from './server.js';
import { signInAs } from './sign-in.js';

/**
 * Issue 59, right-to-left ready: with a pseudo right-to-left locale (`dir="rtl"` on <html>) the
 * portal's layout mirrors (the sidebar on the right at a desktop width) and nothing overflows
 * sideways, at a phone's and a desktop's width.
 */
async function rightToLeft(page: Page) {
  await page.evaluate(() => document.documentElement.setAttribute('dir', 'rtl'));
}
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('with dir="rtl" the dashboard, Account and Next Steps mirror without sideways overflow', async ({
      page,
    }, testInfo) => {
      await signInAs(page, 'Student');
      for (const path of ['/', '/account', '/next-steps/']) {
        await page.goto(path);
        await page.locator('main').first().waitFor();
        await rightToLeft(page);
        expect(await overflow(page), `${path} overflows sideways`).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: testInfo.outputPath(`rtl-${path.replace(/\W+/g, '-')}-${width}.png`),
        });
      }
      if (width >= 1280) {
        await page.goto('/');
        await page.locator('main').first().waitFor();
        await rightToLeft(page);
        const main = await page.locator('main#main').boundingBox();
        const sidebar = await page.locator('aside.sidebar').boundingBox();
        // The sidebar, first in the frame's grid, sits at the right of the page.
        expect(sidebar && main && sidebar.x > main.x).toBe(true);
      }
    });
  });
}
