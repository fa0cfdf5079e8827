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
      const english = page.getByRole('radio', { name: 'English' });
      await expect(english).toBeChecked();
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
  });
}
