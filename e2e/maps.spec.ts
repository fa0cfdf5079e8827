import type { Page } from '@playwright/test';
import { expect, test } from './server.js';
import { expectNoAxeViolations } from './axe.js';
import { signInAs } from './sign-in.js';

/**
 * Issue 89, maps to classes: a class in a listed building links the campus map at the building
 * and directions to it, in both languages, at a phone's width and a desktop's, light and dark; on an
 * Android phone, Directions opens the maps app (`geo:`).
 */

const schedule = (page: Page) =>
  page.getByRole('region', { name: /This week's classes|Clases de esta semana/ });

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const [width, scheme] of [
  [390, 'light'],
  [1280, 'dark'],
] as const) {
  test(`a class's building has Map and Directions on the schedule at ${width} px ${scheme}`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    await signInAs(page, 'Student', '/academics');
    const map = schedule(page)
      .getByRole('link', { name: /^Map ?: Cramer Hall/ })
      .first();
    await expect(map).toHaveAttribute(
      'href',
      /^https:\/\/www\.openstreetmap\.org\/\?mlat=45\.5118&mlon=-122\.6835/,
    );
    await expect(map).toHaveAttribute('target', '_blank');
    await expect(
      schedule(page)
        .getByRole('link', { name: /^Directions ?: Cramer Hall/ })
        .first(),
    ).toHaveAttribute('href', /^https:\/\/www\.openstreetmap\.org\/directions\?route=%3B45\.5118/);
    // A class online has no building, so no map.
    await expect(schedule(page).getByRole('link', { name: /^Map ?: / })).toHaveCount(
      await schedule(page)
        .getByRole('link', { name: /^Directions ?: / })
        .count(),
    );
    await expectNoAxeViolations(page);
    await noSidewaysScroll(page);
    await page.screenshot({
      path: testInfo.outputPath(`schedule-${width}-${scheme}.png`),
      fullPage: true,
    });
  });
}

test('in Spanish at 320 px: the campus’s Spanish name of the building, "Mapa" and "Cómo llegar", nothing wider than the screen', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await signInAs(page, 'Student', '/account');
  await page.getByRole('radio', { name: 'Español' }).check();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await page.goto('/academics');
  await expect(schedule(page).getByText('Edificio de Ingeniería 102').first()).toBeVisible();
  await expect(
    schedule(page)
      .getByRole('link', { name: /^Mapa ?: Edificio de Ingeniería/ })
      .first(),
  ).toBeVisible();
  await expect(
    schedule(page)
      .getByRole('link', { name: /^Cómo llegar ?: Edificio de Ingeniería/ })
      .first(),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await noSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('schedule-es-320.png'), fullPage: true });
  await page.goto('/account');
  await page.getByRole('radio', { name: 'English' }).check();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test.describe('on an Android phone', () => {
  test.use({
    userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131 Mobile',
    viewport: { width: 390, height: 844 },
  });
  test("Directions opens the phone's maps app at the building", async ({ page }) => {
    await signInAs(page, 'Student', '/academics');
    await expect(
      schedule(page)
        .getByRole('link', { name: /^Directions ?: Cramer Hall/ })
        .first(),
    ).toHaveAttribute('href', /^geo:45\.5118,-122\.6835\?q=/);
  });
});
