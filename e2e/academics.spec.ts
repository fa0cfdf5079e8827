import { expect, test } from './server.js';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import { expectLooksDisabled, holdRequests, lookOf } from './looks.js';
import { signInAs } from './sign-in.js';

const WIDTHS = [390, 1280];

const signIn = (page: Page, persona: string, next = '/academics') => signInAs(page, persona, next);

const region = (page: Page, name: string | RegExp) => page.getByRole('region', { name });

for (const width of WIDTHS) {
  test(`a student finds every academic section at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, 'Student');
    await expect(page.getByRole('heading', { level: 1, name: 'Academics' })).toBeVisible();
    await expect(page).toHaveTitle('Academics · Campus Portal');
    await expect(
      region(page, 'Current term').getByText('Fall 2026', { exact: true }),
    ).toBeVisible();
    await expect(region(page, 'Current term').getByText(/^Week \d+$/)).toBeVisible();
    await expect(region(page, 'GPA').getByText('3.46')).toBeVisible();
    await expect(region(page, 'Standing').getByText('Sophomore')).toBeVisible();
    await expect(region(page, 'Academic program').getByText('Computer Science')).toBeVisible();
    await expect(region(page, 'Academic program').getByText('Spring 2029')).toBeVisible();
    const schedule = region(page, /This week's classes/);
    await expect(schedule.getByRole('heading', { name: /^MON/ })).toBeVisible();
    await expect(schedule.getByRole('heading', { name: /^OTHER/ })).toBeVisible();
    await expect(region(page, 'Grades').getByText('Mind and Brain')).toBeVisible();
    await expect(region(page, 'Advisors').getByText('Linh Nguyen')).toBeVisible();
    // Issue 92: the audit's figures as text, and what a rule still needs as a sentence.
    const degree = region(page, 'Degree progress');
    await expect(degree.getByText('38%')).toBeVisible();
    await expect(degree.getByText('3 more courses from: CS 250, CS 251, CS 300')).toBeVisible();
    await expectNoAxeViolations(page);

    // A course detail panel, opened and closed by keyboard alone.
    const toggle = schedule.getByRole('button', { name: 'Course details' }).first();
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(
      schedule.getByRole('link', { name: 'praman@campus.example.edu' }).first(),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Space');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    // Another term's grades, kept in the address.
    await region(page, 'Grades').getByRole('combobox', { name: 'Term' }).selectOption('202601');
    await expect(region(page, 'Grades').getByText('College Algebra')).toBeVisible();
    await expect(page).toHaveURL(/\/academics\?term=202601$/);
  });
}

// Before the journey below, which marks the warning read for good.
test("an attendance warning's button looks disabled while its read is saving, and usable again after a failure", async ({
  page,
}) => {
  await signIn(page, 'Student');
  const warning = region(page, /Confirm you are attending/);
  const button = warning.getByRole('button', { name: 'Mark as read: CS 161' });
  await expect(button).toBeEnabled();
  const enabled = await lookOf(button);
  const save = await holdRequests(page, '**/api/academics/attendance/read', 'POST');
  await button.click();
  await save.arrived();
  const saving = warning.getByRole('button', { name: 'Saving…' });
  await expect(saving).toBeDisabled();
  await expectLooksDisabled(saving, enabled);

  await save.release(500);
  await expect(warning.getByRole('alert')).toHaveText('This could not be saved. Please try again.');
  await expect(button).toBeEnabled();
  expect(await lookOf(button)).toEqual(enabled);
});

test('an attendance warning marked read stays read after a reload and on another device', async ({
  page,
  browser,
}) => {
  await signIn(page, 'Student');
  const warning = region(page, /Confirm you are attending/);
  await expect(warning.getByText(/CS 161 Introduction to Programming \(CRN 41234\)/)).toBeVisible();
  await expect(warning.getByText(/WR 121/)).toHaveCount(0);
  await warning.getByRole('button', { name: 'Mark as read: CS 161' }).click();
  await expect(warning).toHaveCount(0);

  await page.reload();
  await expect(region(page, 'Advisors').getByText('Linh Nguyen')).toBeVisible();
  await expect(region(page, /Confirm you are attending/)).toHaveCount(0);

  const otherDevice = await browser.newContext();
  const other = await otherDevice.newPage();
  await signIn(other, 'Student');
  await expect(region(other, 'Advisors').getByText('Linh Nguyen')).toBeVisible();
  await expect(region(other, /Confirm you are attending/)).toHaveCount(0);
  await otherDevice.close();
});

test('a graduate student sees the graduate GPA labelled "(Graduate)"', async ({ page }) => {
  await signIn(page, 'Student worker');
  await expect(region(page, 'GPA').getByText('3.91 (Graduate)')).toBeVisible();
  await expect(region(page, 'Academic program').getByText('Master of Science')).toBeVisible();
  await expect(
    region(page, 'Grades').getByText('Foundations of Information Science'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

for (const width of WIDTHS) {
  test(`an employee learns what the page is for at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, 'Staff');
    await expect(page.getByRole('heading', { name: 'This page is for students' })).toBeVisible();
    await expect(
      page.getByRole('link', { name: 'Faculty and advisor self-service' }),
    ).toBeVisible();
    await expect(region(page, 'GPA')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
}

test('demo mode shows the demo academic sample in every section', async ({ page }) => {
  await signIn(page, 'Student', '/');
  await page.getByRole('button', { name: 'Start Demo' }).first().click();
  await expect(page.getByText('DEMO', { exact: true })).toBeVisible();
  await page.goto('/academics');
  await expect(region(page, 'GPA').getByText('3.21')).toBeVisible();
  await expect(region(page, 'Standing').getByText('Junior')).toBeVisible();
  await expect(region(page, 'Academic program').getByText('Pre-Law')).toBeVisible();
  await expect(
    region(page, /This week's classes/)
      .getByText('The Pacific Northwest')
      .first(),
  ).toBeVisible();
  await expect(
    region(page, /Confirm you are attending/).getByText(/HST 399 Digital History Lab/),
  ).toBeVisible();
  await expect(region(page, 'Grades').getByText('History of the United States')).toBeVisible();
  await expect(region(page, 'Advisors').getByText('Demo Advisor')).toBeVisible();
  await expectNoAxeViolations(page);
});
