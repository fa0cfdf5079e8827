import { expect, test } from './server.js';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import { signInAs } from './sign-in.js';

/**
 * Issue 28 item 8: the theme a person chooses on Account (same as this device, light or dark) is kept
 * in their preferences and shows before the first paint of the next page, from the head script.
 */

const DARK = 'rgb(18, 20, 25)';
const LIGHT = 'rgb(243, 244, 246)';

const canvas = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
const dataTheme = (page: Page) =>
  page.evaluate(() => document.documentElement.getAttribute('data-theme'));

/** What <html> says as the document is parsed (before any module runs) and at DOMContentLoaded. */
async function recordFirstPaint(page: Page) {
  await page.addInitScript(() => {
    const seen: Record<string, string | null> = {};
    (window as unknown as { firstPaint: typeof seen }).firstPaint = seen;
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') {
        seen.interactive = document.documentElement.getAttribute('data-theme');
      }
    });
    document.addEventListener('DOMContentLoaded', () => {
      seen.loaded = getComputedStyle(document.documentElement).backgroundColor;
    });
  });
}
const firstPaint = (page: Page) =>
  page.evaluate(() => (window as unknown as { firstPaint: object }).firstPaint);

async function openTheme(page: Page) {
  await page.goto('/account');
  const group = page.getByRole('group', { name: 'Theme' });
  await expect(group).toBeVisible();
  await expect(page.locator('.loading')).toHaveCount(0);
  return group;
}

// Each width signs in as its own persona: the choice is kept on the server between the two.
for (const [width, persona] of [
  [390, 'Student'],
  [1280, 'Student worker'],
] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 }, colorScheme: 'light' });
    test.setTimeout(120_000);

    test('choosing Dark by keyboard keeps it on reload before the first paint; "Same as this device" follows the system again; axe 0 in both', async ({
      page,
    }) => {
      await signInAs(page, persona);
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      let group = await openTheme(page);
      const saved = page.getByRole('region', { name: 'Appearance' }).getByRole('status');
      await expect(group.getByRole('radio', { name: 'Same as this device' })).toBeChecked();
      expect(await canvas(page)).toBe(LIGHT);
      await expectNoAxeViolations(page);

      await group.getByRole('radio', { name: 'Same as this device' }).focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await expect(group.getByRole('radio', { name: 'Dark' })).toBeChecked();
      await expect(saved).toHaveText('Saved.');
      expect(
        await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value),
      ).toBe('dark');
      expect(await dataTheme(page)).toBe('dark');
      expect(await canvas(page)).toBe(DARK);
      await expectNoAxeViolations(page);

      await recordFirstPaint(page);
      await page.reload();
      group = await openTheme(page);
      expect(await firstPaint(page)).toEqual({ interactive: 'dark', loaded: DARK });
      await expect(group.getByRole('radio', { name: 'Dark' })).toBeChecked();

      // Another page of the portal, and Next Steps, open dark too.
      await page.goto('/next-steps/');
      expect(await firstPaint(page)).toEqual({ interactive: 'dark', loaded: DARK });
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);

      group = await openTheme(page);
      await group.getByRole('radio', { name: 'Same as this device' }).check();
      await expect(saved).toHaveText('Saved.');
      expect(await dataTheme(page)).toBeNull();
      expect(await canvas(page)).toBe(LIGHT);
      await page.emulateMedia({ colorScheme: 'dark' });
      expect(await canvas(page)).toBe(DARK);
      await expectNoAxeViolations(page);
      await page.reload();
      await openTheme(page);
      expect(await firstPaint(page)).toEqual({ interactive: null, loaded: DARK });
    });
  });
}

test.describe('a light choice on a dark system', () => {
  test.use({ viewport: { width: 1280, height: 900 }, colorScheme: 'dark' });

  test('stays light from the first paint, and axe finds nothing', async ({ page }) => {
    test.setTimeout(60_000);
    await signInAs(page, 'Staff');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const group = await openTheme(page);
    expect(await canvas(page)).toBe(DARK);
    await group.getByRole('radio', { name: 'Light' }).check();
    await expect(page.getByRole('region', { name: 'Appearance' }).getByRole('status')).toHaveText(
      'Saved.',
    );
    expect(await canvas(page)).toBe(LIGHT);
    await recordFirstPaint(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(await firstPaint(page)).toEqual({ interactive: 'light', loaded: LIGHT });
    await expectNoAxeViolations(page);
  });
});
