import { expect, test } from './server.js';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import { expectLooksDisabled, holdRequests, lookOf } from './looks.js';

const tasks = (page: Page) => page.getByRole('list', { name: 'Tasks' });

async function chooseFilter(page: Page, name: string) {
  await page.getByRole('button', { name: 'FILTER' }).click();
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test('a student works through the checklist, and it still loads offline', async ({
  page,
  context,
}) => {
  await page.goto('/next-steps/');
  await expect(page).toHaveURL(/\/auth\/login\?next=%2Fnext-steps%2F$/);
  await page.getByRole('button', { name: 'Sign in as Student', exact: true }).click();
  await expect(page).toHaveURL(/\/next-steps\/task$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Up Next' })).toBeVisible();
  await expect(tasks(page).getByRole('listitem').first()).toBeVisible();

  // The system message, acknowledged.
  await expect(page.getByRole('heading', { name: 'Welcome to Next Steps' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Next Steps' })).toBeHidden();

  // Follow the overdue announcement to the overdue filter and the first overdue task.
  // next-steps.md §2's words, verbatim (issue 76).
  await expect(
    page.getByText(/^You have \d+ overdue task\(s\)\. Click here to get started now$/),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Click here to get started now' }).click();
  await expect(page).toHaveURL(/\/next-steps\/task\/\d+\?show=overdue$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Overdue' })).toBeVisible();
  const detail = page.getByRole('article');
  const overdueTitle = (await detail.getByRole('heading', { level: 2 }).textContent()) ?? '';
  expect(overdueTitle).not.toBe('');
  await expect(tasks(page).getByText('OVERDUE').first()).toBeVisible();
  await expectNoAxeViolations(page);

  // Mark it done: it leaves Overdue and shows under Done, also after a reload.
  await detail.getByRole('button', { name: 'Mark done' }).click();
  await expect(detail.getByRole('button', { name: 'Mark not done' })).toBeVisible();
  await expect(tasks(page).getByText(overdueTitle, { exact: true })).toBeHidden();
  await chooseFilter(page, 'Done');
  await expect(page.getByText(overdueTitle, { exact: true }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Done' })).toBeVisible();
  await expect(tasks(page).getByText(overdueTitle, { exact: true })).toBeVisible();
  await expect(
    tasks(page)
      .getByText(/^Done [A-Z][a-z]{2} \d+$/)
      .first(),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // Dismiss one from Up Next.
  await chooseFilter(page, 'Up Next');
  const second = tasks(page).getByRole('listitem').nth(1);
  const dismissedTitle = (await second.locator('.task-item__title').textContent()) ?? '';
  await second.getByRole('link').click();
  await detail.getByRole('button', { name: 'Dismiss' }).click();
  await expect(detail.getByRole('button', { name: 'Restore' })).toBeVisible();
  await chooseFilter(page, 'Dismissed');
  await expect(tasks(page).getByText(dismissedTitle, { exact: true })).toBeVisible();

  // Bookmark one.
  await chooseFilter(page, 'Up Next');
  const first = tasks(page).getByRole('listitem').first();
  const bookmarkedTitle = (await first.locator('.task-item__title').textContent()) ?? '';
  await first.getByRole('button', { name: `Bookmark ${bookmarkedTitle}` }).click();
  await expect(first.getByRole('button', { name: `Bookmark ${bookmarkedTitle}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await chooseFilter(page, 'Bookmarks');
  await expect(tasks(page).getByText(bookmarkedTitle, { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  // Offline: the worker has the shell and the last task list.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect(tasks(page).getByText(bookmarkedTitle, { exact: true })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
  await page.reload();
  await expect(tasks(page).getByText(bookmarkedTitle, { exact: true })).toBeVisible();
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Bookmarks' })).toBeVisible();
  await expect(tasks(page).getByText(bookmarkedTitle, { exact: true })).toBeVisible();
  await context.setOffline(false);
});

test('preferences and affiliations are choices the student saves', async ({ page }) => {
  await page.goto('/auth/login?next=%2Fnext-steps%2Fpreferences');
  await page.getByRole('button', { name: 'Sign in as New student', exact: true }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Notification preferences' }),
  ).toBeVisible();
  // One save model (issue 43): each tick is saved as it is made.
  await page.getByRole('checkbox', { name: 'Weekly summary' }).check();
  await expect(page.getByText('Saved.')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Affiliations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Affiliations' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'First-Year' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'All Students' })).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'International' }).check();
  await expect(page.getByText('Saved.')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Tasks' }).click();
  await expect(page.getByText('Confirm your international student status')).toBeVisible();
  await expect(tasks(page).getByText('NEW STUDENT CHECKLIST').first()).toBeVisible();
});

test.describe('while a save is under way', () => {
  // The page's own requests, not the offline worker's, so that the journey can hold them.
  test.use({ serviceWorkers: 'block' });

  test('the task actions look disabled and keep their focus, and look usable again after a failure', async ({
    page,
  }) => {
    await page.goto('/auth/login?next=%2Fnext-steps%2Ftask');
    await page.getByRole('button', { name: 'Sign in as Student worker', exact: true }).click();
    await tasks(page).getByRole('link').first().click();
    const detail = page.getByRole('article');
    const markDone = detail.getByRole('button', { name: 'Mark done' });
    const dismiss = detail.getByRole('button', { name: 'Dismiss' });
    await expect(markDone).toHaveAttribute('aria-disabled', 'false');
    const enabled = await lookOf(markDone);
    expect(await lookOf(dismiss)).toEqual(enabled);

    const save = await holdRequests(page, '**/next-steps/api/user_task/**', 'PATCH');
    await markDone.click();
    await save.arrived();
    for (const button of [markDone, dismiss]) {
      await expect(button).toHaveAttribute('aria-disabled', 'true');
      await expectLooksDisabled(button, enabled);
    }
    await expect(markDone).toBeFocused();

    await save.release(500);
    await expect(markDone).toHaveAttribute('aria-disabled', 'false');
    expect(await lookOf(markDone)).toEqual(enabled);
  });

  test('one save model: the boxes stay usable while a tick saves, and a failed save says so beside them', async ({
    page,
  }) => {
    await page.goto('/auth/login?next=%2Fnext-steps%2Fpreferences');
    await page.getByRole('button', { name: 'Sign in as Student worker', exact: true }).click();
    const weekly = page.getByRole('checkbox', { name: 'Weekly summary' });
    await expect(weekly).toBeEnabled();
    const save = await holdRequests(page, '**/next-steps/api/user_preference/**', 'PATCH');
    await weekly.click();
    await save.arrived();
    const topics = page.getByRole('group', { name: 'Send me' });
    await expect(topics.getByRole('checkbox').last()).toBeEnabled();
    await expect(page.getByText('Saving…')).toBeVisible();
    await save.release(500);
    await expect(page.getByText('Your change could not be saved.')).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});

test('the portal dashboard shows My Next Steps for a student', async ({ page }) => {
  await page.goto('/auth/login?next=%2F');
  await page.getByRole('button', { name: 'Sign in as Student', exact: true }).click();
  const block = page.getByRole('region', { name: 'Upcoming Tasks' });
  await expect(block.getByRole('listitem')).toHaveCount(3);
  await expect(block.getByRole('link', { name: 'See all in Next Steps' })).toHaveAttribute(
    'href',
    '/next-steps/',
  );
  await expectNoAxeViolations(page);
});

for (const width of [390, 1280]) {
  test(`next-steps.md §8 at ${width} px: a failed save of the preferences shows the "Trouble connecting" toast in view at once`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    await page.goto('/auth/login?next=%2Fnext-steps%2Fpreferences');
    await page.getByRole('button', { name: 'Sign in as New student', exact: true }).click();
    const digest = page.getByRole('checkbox', { name: 'Email me one daily digest of what is due' });
    await expect(digest).toBeEnabled();
    const save = await holdRequests(page, '**/api/preferences/**', 'PUT');
    await digest.focus();
    await page.keyboard.press('Space');
    await save.arrived();
    await save.release(500);
    const toast = page.getByRole('alert').filter({
      hasText: 'Trouble connecting... Please try again in a moment',
    });
    await expect(toast).toBeVisible();
    await expect(toast).toBeInViewport();
    await expectNoAxeViolations(page);
  });
}
