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

test('the search box’s code comes after the first screen: what is typed into the field before it arrives is kept, with the focus, and searched (issue 75)', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  // The search box's own chunk held back two seconds: the first screen's field is all there is.
  let held = 0;
  await page.route(/\/assets\/search-box-block-[^/]+\.js$/, async (route) => {
    held += 1;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await route.continue();
  });
  await signInAs(page, 'Student', '/academics');
  const field = page.getByRole('searchbox', { name: 'Search the portal' });
  const box = page.getByRole('combobox', { name: 'Search the portal' });
  await field.click();
  await page.keyboard.type('financ');
  await expect(box).toHaveCount(0);
  await expect(field).toHaveValue('financ');
  await expect(box).toBeFocused({ timeout: 10_000 });
  await expect(box).toHaveValue('financ');
  await expect(
    page.getByRole('listbox', { name: 'Search results' }).getByRole('option', { name: 'Finances' }),
  ).toBeVisible();
  await page.keyboard.type('es');
  await expect(box).toHaveValue('finances');
  expect(held).toBe(1);
  await context.close();
});
