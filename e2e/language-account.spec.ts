import { expect, test } from './server.js';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import { expectNoEnglish } from './english-left.js';
import { backToEnglish, chooseSpanish } from './spanish.js';

/**
 * Issue 59: with Español chosen on Account, the Account, Finances and Messages pages read in
 * Spanish for a student and for a member of staff, at 320, 390 and 1280 px, in light and dark, and
 * axe passes. What the records, the SIS and the staff wrote in English is marked `lang="en"` (issue
 * 76), so the check leaves nothing out but a message's buttons (`.message__actions`): their names
 * carry the message's title in an `aria-label` ("Marcar como leída: <title>"), and an attribute
 * cannot mark a part of itself as English (the conformance report's 3.1.2 says so).
 */
const EXCLUDE = '.message__actions';

/** The page once its sections have loaded: checked for English and axe, shot in both themes. */
async function check(page: Page, name: string, width: number, path: (file: string) => string) {
  await expect(page.getByText('Cargando…')).toHaveCount(0);
  await expectNoEnglish(page, { exclude: EXCLUDE });
  await expectNoAxeViolations(page);
  // Nothing wider than the page: Spanish runs about a quarter longer than English.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: path(`${name}-es-${width}-${scheme}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

for (const width of [320, 390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a student’s Account, Finances and Messages read in Spanish, and axe passes', async ({
      page,
    }, testInfo) => {
      test.slow(); // three pages, each checked and photographed in two themes
      const path = (file: string) => testInfo.outputPath(file);
      await chooseSpanish(page, 'Student');

      await expect(page).toHaveTitle('Cuenta · Campus Portal');
      const toggle = page.getByRole('button', { name: /información del perfil/ });
      if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
      await expect(page.getByRole('heading', { name: 'Información académica' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Retenciones' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Calendario de cursos' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Actualizar', exact: true })).toBeVisible();
      await check(page, 'account', width, path);

      await page.goto('/finances');
      await expect(page).toHaveTitle('Finanzas · Campus Portal');
      const summary = page.getByRole('region', { name: 'Resumen de la cuenta' });
      await expect(summary.getByText('Pagos recibidos')).toBeVisible();
      await expect(summary.getByText('$3,200.00')).toBeVisible();
      await expect(page.getByRole('heading', { name: /^Año de ayuda / })).toBeVisible();
      await check(page, 'finances', width, path);

      await page.goto('/messages');
      await expect(page).toHaveTitle('Mensajes · Campus Portal');
      await expect(page.getByRole('heading', { level: 1, name: 'Mensajes' })).toBeVisible();
      await expect(page.locator('#messages-count')).toHaveText(/sin leer|Está al día/);
      await check(page, 'messages', width, path);

      await backToEnglish(page);
    });

    test('a member of staff’s Account, Finances and Messages read in Spanish, and axe passes', async ({
      page,
    }, testInfo) => {
      test.slow(); // three pages, each checked and photographed in two themes
      const path = (file: string) => testInfo.outputPath(file);
      await chooseSpanish(page, 'Staff');

      await expect(page.getByRole('heading', { name: 'Contactos de emergencia' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Apariencia' })).toBeVisible();
      await check(page, 'account-staff', width, path);

      await page.goto('/finances');
      await expect(
        page.getByRole('heading', { name: 'Esta página es para estudiantes' }),
      ).toBeVisible();
      await check(page, 'finances-staff', width, path);

      await page.goto('/messages');
      await expect(page.getByRole('heading', { level: 1, name: 'Mensajes' })).toBeVisible();
      await check(page, 'messages-staff', width, path);

      await backToEnglish(page);
    });
  });
}
