import { expect, test } from './server.js';
import { expectNoAxeViolations } from './axe.js';
import { untilTakenOver } from './drawn-page.js';

test('a signed-out student opening /academics signs in and comes back to /academics', async ({
  page,
}) => {
  await page.goto('/academics');
  await expect(page).toHaveURL(/\/auth\/login\?next=%2Facademics$/);
  await expect(page.getByRole('heading', { level: 1, name: /Sign in/ })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Sign in as Student', exact: true }).click();
  await expect(page).toHaveURL(/\/academics$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Academics' })).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(/^Hello \S+/)).toBeVisible();
  await expectNoAxeViolations(page);
});

test('logging out ends the session: the next page asks to sign in again', async ({ page }) => {
  await page.goto('/auth/login?next=%2F');
  await page.getByRole('button', { name: 'Sign in as Staff' }).click();
  await expect(page.getByText(/^Hello \S+/)).toBeVisible();
  await untilTakenOver(page);
  await page.getByRole('link', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth\/login\?next=%2F$/);
});

test('Next Steps opens on "Up Next" and names the filter of its show query', async ({ page }) => {
  await page.goto('/auth/login?next=%2Fnext-steps%2F');
  await page.getByRole('button', { name: 'Sign in as Student', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Up Next' })).toBeVisible();
  await page.goto('/next-steps/task?show=overdue');
  await expect(page.getByRole('heading', { level: 1, name: 'Overdue' })).toBeVisible();
});
