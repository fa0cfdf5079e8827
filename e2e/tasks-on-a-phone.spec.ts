import { expect, test } from './server.js';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';

// next-steps.md §2 on a phone: one pane at a time, and the address decides which.
test.use({ viewport: { width: 390, height: 844 } });

const tasks = (page: Page) => page.getByRole('list', { name: 'Tasks' });
const detail = (page: Page) => page.getByRole('region', { name: 'Task detail' });

async function signIn(page: Page, path: string, persona = 'Student') {
  await page.goto(path);
  await page.getByRole('button', { name: `Sign in as ${persona}`, exact: true }).click();
  await expect(page).toHaveURL(/\/next-steps\/task/);
}

test('the header "Tasks" link goes back to the list from a task', async ({ page }) => {
  await signIn(page, '/next-steps/task');
  await tasks(page).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/next-steps\/task\/\d+$/);
  await expect(detail(page).getByRole('heading', { level: 2 })).toBeVisible();
  await expect(tasks(page)).toBeHidden();
  await page
    .getByRole('navigation', { name: 'Next Steps' })
    .getByRole('link', { name: 'Tasks' })
    .click();
  await expect(page).toHaveURL(/\/next-steps\/task$/);
  await expect(tasks(page)).toBeVisible();
  await expect(detail(page)).toBeHidden();
});

for (const id of ['99999', '-3']) {
  test(`an unknown task id (${id}) says the task is not available and links to the list`, async ({
    page,
  }) => {
    await signIn(page, `/next-steps/task/${id}`);
    await expect(
      page.getByRole('heading', { level: 2, name: 'This task is not available' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Back to the list' }).click();
    await expect(page).toHaveURL(/\/next-steps\/task$/);
    await expect(tasks(page)).toBeVisible();
  });
}

test('browser Back from a task leaves the detail pane for the list', async ({ page }) => {
  await signIn(page, '/next-steps/task');
  const first = tasks(page).getByRole('link').first();
  await expect(first).toBeVisible();
  await first.click();
  await expect(detail(page).getByRole('heading', { level: 2 })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/next-steps\/task$/);
  await expect(tasks(page)).toBeVisible();
  await expect(detail(page)).toBeHidden();
});

test('the welcome message reads across the phone, its Acknowledge button below it', async ({
  page,
}) => {
  // The student acknowledges it in next-steps.spec.ts; nobody acknowledges the new student's.
  await signIn(page, '/next-steps/task', 'New student');
  const welcome = page.getByRole('region', { name: 'Welcome to Next Steps' });
  const text = welcome.getByRole('paragraph');
  const button = welcome.getByRole('button', { name: 'Acknowledge' });
  await expect(button).toBeVisible();
  const [textBox, buttonBox, welcomeBox] = await Promise.all([
    text.boundingBox(),
    button.boundingBox(),
    welcome.boundingBox(),
  ]);
  if (!textBox || !buttonBox || !welcomeBox) throw new Error('the welcome message is not laid out');
  expect(buttonBox.y).toBeGreaterThanOrEqual(textBox.y + textBox.height);
  // The text takes the message's width (less its padding), not a column beside the button.
  expect(textBox.width).toBeGreaterThan(welcomeBox.width * 0.8);
});
