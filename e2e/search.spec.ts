import { expect, test } from './server.js';
import type { Browser } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import { signInAs } from './sign-in.js';

async function studentOn(browser: Browser, width: number, next = '/academics') {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signInAs(page, 'Student', next);
  await expect(page.getByRole('combobox', { name: 'Search the portal' })).toBeVisible();
  return page;
}

for (const width of [390, 1280]) {
  test(`at ${width} px "/" focuses the search box on any page; typing, the arrow keys and Enter land on the result`, async ({
    browser,
  }) => {
    const page = await studentOn(browser, width);
    await page.locator('body').click({ position: { x: 2, y: 2 } });
    await page.keyboard.press('/');
    const box = page.getByRole('combobox', { name: 'Search the portal' });
    await expect(box).toBeFocused();
    await page.keyboard.type('financs');
    const list = page.getByRole('listbox', { name: 'Search results' });
    await expect(list.getByRole('option', { name: 'Finances' })).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expectNoAxeViolations(page);
    await page.keyboard.press('ArrowDown');
    await expect(list.getByRole('option', { name: 'Finances' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/finances$/);
  });

  test(`at ${width} px the search page keeps the query in the address, finds the student's class, offers help on no results, and Back returns`, async ({
    browser,
  }) => {
    const page = await studentOn(browser, width, '/');
    const box = page.getByRole('combobox', { name: 'Search the portal' });
    await box.fill('programming');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=programming$/);
    const classes = page.getByRole('region', { name: 'My classes this term' });
    await expect(
      classes.getByRole('link', { name: /CS 161 Introduction to Programming/ }),
    ).toBeVisible();
    await expect(classes.locator('mark')).toHaveText('Programming');
    await expectNoAxeViolations(page);

    const query = page.getByRole('searchbox', { name: 'Search the portal' }).last();
    await query.fill('qwxzv');
    await query.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=qwxzv$/);
    await expect(page.getByText('No results for “qwxzv”.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Resources' }).last()).toHaveAttribute(
      'href',
      '/resources',
    );
    await expectNoAxeViolations(page);
    await page.goBack();
    await expect(page).toHaveURL(/\/search\?q=programming$/);
    await expect(page.getByRole('region', { name: 'My classes this term' })).toBeVisible();
  });
}
