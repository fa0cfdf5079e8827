import { expect, test } from './server.js';
import { expectNoAxeViolations } from './axe.js';
import { signInAs } from './sign-in.js';

/**
 * Issue 59: a student switches the Language setting on Account to Español and back; the page
 * changes at once, without a reload, `<html lang>` with it, and the choice is kept across a reload.
 */
for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('Account’s Language setting switches to Español at once and back to English', async ({
      page,
    }, testInfo) => {
      await signInAs(page, 'Student');
      await page.goto('/account');
      // English: chosen, or followed from the browser while nothing is saved, which the page says
      // with no language chosen (issue 76; an earlier test of this file may have saved one).
      await expect(
        page
          .getByRole('radio', { name: 'English', checked: true })
          .or(page.getByText('Following your browser: English.')),
      ).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');

      await page.getByRole('radio', { name: 'Español' }).check();
      await expect(page.getByRole('group', { name: 'Idioma' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(page.getByRole('status').filter({ hasText: 'Guardado.' })).toBeVisible();
      await page.getByRole('group', { name: 'Idioma' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`account-language-${width}.png`) });
      await expectNoAxeViolations(page);

      await page.reload();
      await expect(page.getByRole('radio', { name: 'Español' })).toBeChecked();
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');

      await page.getByRole('radio', { name: 'English' }).check();
      await expect(page.getByRole('group', { name: 'Language' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    });

    test('in Español, the dashboard’s frame and blocks read in Spanish, at both themes, and axe passes', async ({
      page,
    }, testInfo) => {
      await signInAs(page, 'Student');
      await page.goto('/account');
      await page.getByRole('radio', { name: 'Español' }).check();
      await expect(page.getByRole('status').filter({ hasText: 'Guardado.' })).toBeVisible();
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({
          path: testInfo.outputPath(`account-es-${width}-${scheme}.png`),
          fullPage: true,
        });
      }
      await page.emulateMedia({ colorScheme: 'light' });

      if (width < 1024) await page.getByRole('button', { name: 'Menú' }).click();
      await page
        .getByRole('navigation', { name: 'Menú principal' })
        .getByRole('link', { name: 'Inicio' })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: 'Inicio' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Clases de hoy' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Próximas tareas' })).toBeVisible();
      await expect(page.getByText(/^Hola, /)).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Sitio principal' })).toBeAttached();
      // The frame's and the blocks' English is gone (staff content keeps its own language).
      const main = page.locator('body');
      for (const english of [
        'Today’s Classes',
        "Today's Classes",
        'Upcoming Tasks',
        'Main Site',
        'Skip to content',
        'View full schedule',
        'Privacy Notice',
      ]) {
        await expect(main.getByText(english, { exact: true })).toHaveCount(0);
      }
      await expectNoAxeViolations(page);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({
          path: testInfo.outputPath(`dashboard-es-${width}-${scheme}.png`),
          fullPage: true,
        });
      }
      await page.emulateMedia({ colorScheme: 'light' });

      await page.goto('/account');
      await page.getByRole('radio', { name: 'English' }).check();
      await expect(page.getByRole('group', { name: 'Language' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    });
  });
}
