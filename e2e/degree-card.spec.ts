import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, test } from './server.js';
import { expectNoAxeViolations } from './axe.js';
import { signInAs } from './sign-in.js';
import { backToEnglish, chooseSpanish, expectNoSidewaysScroll } from './spanish.js';

/**
 * Issue 92: the dashboard's profile card shows the degree audit's headline, a link to Academics'
 * "Degree progress", in both languages, at every width, in both themes, with axe passing.
 */

/** The card is on a phone's first screen (issue 43): its degree line takes one line. */
async function expectOneLine(figure: Locator) {
  const lines = await figure.evaluate((el) => el.getClientRects().length);
  expect(lines).toBe(1);
}

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const card = page.getByRole('region', { name: /Profile summary|Resumen del perfil/ });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await card.screenshot({ path: testInfo.outputPath(`${name}-${scheme}.png`) });
    await expectNoAxeViolations(page);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

for (const width of [320, 390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the student’s card: the share of requirements met, leading to the audit', async ({
      page,
    }, testInfo) => {
      await signInAs(page, 'Student');
      const card = page.getByRole('region', { name: 'Profile summary' });
      const figure = card.getByRole('link', { name: '38% complete' });
      await expect(figure).toBeVisible();
      if (width >= 390) await expectOneLine(figure);
      await expectNoSidewaysScroll(page);
      await shoot(page, testInfo, `degree-card-en-${width}`);
      await figure.click();
      await expect(page).toHaveURL(/\/academics#degree-progress$/);
      await expect(page.getByRole('region', { name: 'Degree progress' })).toBeVisible();
    });

    test('in Spanish the card reads in Spanish', async ({ page }, testInfo) => {
      await chooseSpanish(page, 'Student');
      await page.goto('/');
      const card = page.getByRole('region', { name: 'Resumen del perfil' });
      await expect(card.getByText('Avance del título', { exact: true })).toBeVisible();
      const figure = card.getByRole('link', { name: /^38\s%\scompletado$/ });
      await expect(figure).toBeVisible();
      if (width >= 390) await expectOneLine(figure);
      await expectNoSidewaysScroll(page);
      await shoot(page, testInfo, `degree-card-es-${width}`);
      await backToEnglish(page);
    });
  });
}
