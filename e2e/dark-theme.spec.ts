import { expect, test } from './server.js';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import { signInAs } from './sign-in.js';

/**
 * Issue 28: the portal follows the system's dark setting, with contrast AA (axe at 0) on every page,
 * and `data-theme` on <html> overrides the system either way.
 */

const pages = [
  ['/', 'Dashboard'],
  ['/academics', 'Academics'],
  ['/messages', 'Messages'],
  ['/finances', 'Finances'],
  ['/community', 'Community'],
  ['/account', 'Account'],
  ['/resources', 'Resources'],
  ['/not-found', 'Page not found'],
] as const;

const canvas = (page: Page) =>
  page.evaluate(
    () => getComputedStyle(document.body.parentElement ?? document.body).backgroundColor,
  );

for (const width of [390, 1280]) {
  test.describe(`at ${width} px with the system set to dark`, () => {
    test.use({ viewport: { width, height: 900 }, colorScheme: 'dark' });

    // One test a page: axe on a whole page takes seconds, and eight of them outgrew one test's time.
    for (const [path, title] of pages) {
      test(`${title} (${path}) is dark, and axe finds nothing on it`, async ({ page }) => {
        await signInAs(page, 'Student');
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await expect(page.locator('.loading')).toHaveCount(0);
        expect(await canvas(page)).toBe('rgb(18, 20, 25)');
        await expectNoAxeViolations(page);
      });
    }
  });
}

test.describe('the data-theme override', () => {
  test.use({ viewport: { width: 1280, height: 900 }, colorScheme: 'dark' });

  test('data-theme="light" keeps a dark system light, and "dark" darkens a light one', async ({
    page,
  }) => {
    await signInAs(page, 'Staff');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
    expect(await canvas(page)).toBe('rgb(243, 244, 246)');
    await expectNoAxeViolations(page);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    expect(await canvas(page)).toBe('rgb(18, 20, 25)');
    await expectNoAxeViolations(page);
  });
});
