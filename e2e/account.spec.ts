import { expect, test } from './server.js';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import { signInAs as signIn } from './sign-in.js';

const profileToggle = (page: Page) =>
  page.getByRole('button', { name: /(Show|Hide) profile info/ });

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('/account#profile opens with the profile section expanded', async ({ page }) => {
    await signIn(page, 'Student', '/account#profile');
    await expect(page).toHaveTitle('Account · Campus Portal');
    await expect(profileToggle(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('(503) 555-0142')).toBeVisible();
    await expect(page.getByText('she/her')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a student saves an SMS number, and a bad one is refused without losing it', async ({
    page,
  }) => {
    await signIn(page, 'Student', '/account');
    const field = page.getByRole('textbox', { name: 'Text-message number' });
    await field.fill('call me maybe');
    // One save model: the number is saved when the field is left (or by Enter).
    await field.blur();
    await expect(page.getByText(/not a phone number we can text/)).toBeVisible();
    await expect(field).toHaveValue('call me maybe');
    await expectNoAxeViolations(page);

    await field.fill('(503) 555-0142');
    await field.press('Enter');
    await expect(page.getByText('Saved.')).toBeVisible();
    await page.reload();
    // Stored as E.164 and shown again in the campus country's national form.
    await expect(page.getByRole('textbox', { name: 'Text-message number' })).toHaveValue(
      '(503) 555-0142',
    );
  });

  test('Finances shows the account summary in USD', async ({ page }) => {
    await signIn(page, 'Student', '/finances');
    await expect(page).toHaveTitle('Finances · Campus Portal');
    await expect(page.getByText('$3,200.00')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Aid year 2026-2027' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('/account opens with the profile section expanded, holds and emergency contacts in order', async ({
    page,
  }) => {
    await signIn(page, 'Student', '/account');
    await expect(profileToggle(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('Registration Hold')).toBeVisible();
    const contacts = page.getByRole('region', { name: 'Emergency contacts' }).getByRole('listitem');
    await expect(contacts.first()).toContainText('Marisol E Valencia');
    await expect(page.getByText(/Hispanic|Sample orientation/)).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('the student removes the ID photo and sees initials after a reload, in the toolbar too', async ({
    page,
  }) => {
    await signIn(page, 'Student', '/account');
    const summary = page.getByRole('region', { name: 'Profile summary' });
    await expect(summary.locator('img')).toHaveCount(1);
    await page.getByRole('button', { name: 'Remove Photo' }).click();
    await expect(page.getByRole('button', { name: 'Use ID Photo' })).toBeVisible();
    await expect(summary.getByText('AV')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('button', { name: 'Use ID Photo' })).toBeVisible();
    await expect(summary.getByText('AV')).toBeVisible();
    await page.goto('/finances');
    const toolbarImage = page.getByRole('region', { name: 'Finances' }).getByRole('link', {
      name: 'Account',
    });
    await expect(toolbarImage).toContainText('AV');
    await expect(toolbarImage.locator('img')).toHaveCount(0);
    await expectNoAxeViolations(page);

    await toolbarImage.click();
    await expect(page).toHaveURL(/\/account$/);
    await page.getByRole('button', { name: 'Use ID Photo' }).click();
    await expect(summary.locator('img')).toHaveCount(1);
  });

  test('staff see the employee card and the 15-minute notice', async ({ page }) => {
    await signIn(page, 'Staff', '/account');
    const summary = page.getByRole('region', { name: 'Profile summary' });
    await expect(summary.getByText('Registrar Systems Analyst')).toBeVisible();
    await expect(summary.getByText('Office of the Registrar')).toBeVisible();
    await expect(
      summary.getByText('Changes to the campus directory may take up to 15 minutes to appear.'),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Holds' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('Account and Finances are reachable from the menu', async ({ page }) => {
    await signIn(page, 'Student', '/');
    // "Install the app" joins it there once the browser offers to install the portal.
    await page
      .getByRole('navigation', { name: 'Your account' })
      .getByRole('link', { name: 'Account', exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Finances' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Finances' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('on a short 390 px screen', () => {
  test.use({ viewport: { width: 390, height: 420 } });

  test('/account#holds brings the holds, below the fold, into view once they have loaded', async ({
    page,
  }) => {
    await signIn(page, 'Student', '/account#holds');
    await expect(page.getByText('Registration Hold')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Holds' })).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  });

  test('the dashboard\'s holds "View more" opens /account#holds with the holds in view', async ({
    page,
  }) => {
    await signIn(page, 'Student', '/');
    await page.getByRole('link', { name: 'View more about holds' }).click();
    await expect(page).toHaveURL(/\/account#holds$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeAttached();
    await expect(page.getByText('Registration Hold')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Holds' })).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  });
});

test.describe('at 800 px', () => {
  test.use({ viewport: { width: 800, height: 900 } });

  test('/account opens with the profile section collapsed, and the keyboard opens it', async ({
    page,
  }) => {
    await signIn(page, 'Student', '/account');
    const toggle = page.getByRole('button', { name: 'Show profile info' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText('(503) 555-0142')).toBeHidden();
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Hide profile info' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(page.getByText('(503) 555-0142')).toBeVisible();
  });
});
