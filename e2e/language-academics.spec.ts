import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './server.js';
import { expectNoAxeViolations } from './axe.js';
import { expectNoEnglish } from './english-left.js';
import { backToEnglish, chooseSpanish, expectNoSidewaysScroll } from './spanish.js';

/**
 * Issue 59: in Español, Academics, Community, Resources and the search results read in Spanish.
 * What stays English (course titles and the SIS's descriptions, campus holidays, the university's
 * links, feed items, the staff's posts, search results' titles) is marked `lang="en"` (issue 76),
 * so the check leaves nothing out.
 */

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: testInfo.outputPath(`${name}-${scheme}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

for (const width of [320, 390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a student’s Academics, Community, Resources and search results read in Spanish, and axe passes', async ({
      page,
    }, testInfo) => {
      test.slow(); // four pages, each checked and photographed in two themes
      await chooseSpanish(page, 'Student');

      await page.goto('/academics');
      await expect(page.getByRole('heading', { level: 1, name: 'Estudios' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Período académico actual' })).toBeVisible();
      const schedule = page.getByRole('region', { name: /^Clases de esta semana/ });
      await expect(schedule.getByRole('heading', { name: /^LUN lunes/ })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Calificaciones' })).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Período académico' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Asesores académicos' })).toBeVisible();
      await expect(page).toHaveTitle(/^Estudios/);
      await expectNoEnglish(page);
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);
      await shoot(page, testInfo, `academics-es-${width}`);

      await page.goto('/community');
      await expect(page.getByRole('heading', { level: 1, name: 'Comunidad' })).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Eventos de los grupos del campus' }),
      ).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Noticias de los grupos del campus' }),
      ).toBeVisible();
      await expect(page.getByRole('region', { name: 'Eventos de la universidad' })).toBeVisible();
      await expectNoEnglish(page);
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);
      await shoot(page, testInfo, `community-es-${width}`);

      await page.goto('/resources');
      await expect(page.getByRole('heading', { level: 1, name: 'Recursos' })).toBeVisible();
      await expect(page).toHaveTitle(/^Recursos/);
      await expectNoEnglish(page);
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);
      await shoot(page, testInfo, `resources-es-${width}`);

      await page.goto('/search?q=registration');
      await expect(page.getByRole('heading', { level: 1, name: 'Buscar' })).toBeVisible();
      await expect(page.getByRole('searchbox', { name: 'Buscar en el portal' })).toBeVisible();
      await expect(page).toHaveTitle(/^Buscar: registration/);
      await expect(
        page.getByRole('heading', { level: 2, name: 'Herramientas y enlaces' }),
      ).toBeVisible();
      await expectNoEnglish(page);
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);
      await shoot(page, testInfo, `search-es-${width}`);

      await page.goto('/search?q=zzqxv');
      await expect(page.getByText('No hay resultados para “zzqxv”.')).toBeVisible();
      await expect(
        page.getByText('Revise la ortografía, pruebe con menos palabras o busque aquí:'),
      ).toBeVisible();
      await expectNoEnglish(page);

      await backToEnglish(page);
    });

    test('staff on Academics learn in Spanish what the page is for, and axe passes', async ({
      page,
    }, testInfo) => {
      await chooseSpanish(page, 'Staff');
      await page.goto('/academics');
      await expect(
        page.getByRole('heading', { name: 'Esta página es para estudiantes' }),
      ).toBeVisible();
      await expectNoEnglish(page);
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);
      await shoot(page, testInfo, `academics-staff-es-${width}`);
      await backToEnglish(page);
    });
  });
}
