import { expect, test } from './server.js';
import { expectNoAxeViolations } from './axe.js';
import { signInAs } from './sign-in.js';

/**
 * Issue 87: the student worker's final grades on Academics, read in Spanish on a 320 px screen, fit
 * the screen: no part of the table past it, no sideways scroll, and axe passes.
 */
test.use({ viewport: { width: 320, height: 800 } });

test('at 320 px in Spanish the student worker’s grades table fits the screen, and axe passes', async ({
  page,
}) => {
  await signInAs(page, 'Student worker', '/account');
  await page.getByRole('radio', { name: 'Español' }).check();
  await expect(page.getByRole('status').filter({ hasText: 'Guardado.' })).toBeVisible();
  await page.goto('/academics');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  const table = page.locator('table.acad-grades');
  await expect(
    table.getByRole('columnheader', { name: 'Calificación', exact: true }),
  ).toBeVisible();
  await table.scrollIntoViewIfNeeded();
  const measured = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // Measured on the page, not the viewport: scrolling the table into view may scroll sideways.
    const past = [
      ...document.querySelectorAll<HTMLElement>('table.acad-grades, table.acad-grades *'),
    ]
      .filter((el) => el.getBoundingClientRect().right + window.scrollX > width)
      .map((el) => `${el.tagName} ${(el.textContent ?? '').slice(0, 30)}`);
    return { past, sideways: document.documentElement.scrollWidth - width };
  });
  expect(measured.past, 'parts of the grades table past the screen').toEqual([]);
  expect(measured.sideways, 'the page scrolls sideways').toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
});
