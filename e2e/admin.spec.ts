import { expect, test } from './server.js';
import type { Browser, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';

const run = Date.now().toString(36);

async function signedIn(browser: Browser, persona: string, next: string, width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(`/auth/login?next=${encodeURIComponent(next)}`);
  await page.getByRole('button', { name: `Sign in as ${persona}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[/?]/g, '\\$&')}$`));
  return page;
}

/** Types into a control reached by its label, with the keyboard only. */
async function typeInto(page: Page, label: string, text: string) {
  await page.getByLabel(label, { exact: true }).focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

async function createTask(page: Page, title: string, extra: (page: Page) => Promise<void>) {
  await page.goto('/admin/tasks/new');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page
    .getByLabel('Description', { exact: true })
    .fill('<img src=x onerror="window.__pwned=1">Bring your ID.');
  await page.getByLabel('Category').selectOption({ label: 'Orientation' });
  await page.getByRole('group', { name: 'Students it is for' }).getByLabel('First-Year').check();
  await page.getByLabel('Starts on').fill('2020-01-01');
  await page.getByLabel('Published', { exact: true }).check();
  await extra(page);
  await page.getByRole('button', { name: 'Create task' }).click();
  await expect(page.getByRole('status')).toHaveText('Task created.');
}

for (const width of [390, 1280]) {
  test(`at ${width} px every admin page passes axe, and a refused form keeps its input with the message by the field`, async ({
    browser,
  }) => {
    // Seven pages, each checked by axe: on a loaded two-core machine that outruns 30 s.
    test.slow();
    const page = await signedIn(browser, 'Staff', '/admin', width);
    await expect(page).toHaveTitle('Activity · Admin · Campus Portal');
    await expect(page.getByRole('cell', { name: 'auth.signIn' }).first()).toBeVisible();
    await expectNoAxeViolations(page);
    for (const [url, heading] of [
      ['/admin/tasks', 'Next Steps tasks'],
      ['/admin/tasks/new', 'New task'],
      ['/admin/choices', 'Task choices'],
      ['/admin/messages', 'Messages'],
      ['/admin/messages/new', 'Write a message'],
    ] as const) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth > window.innerWidth,
      );
      expect(overflow, `${url} overflows at ${width} px`).toBe(false);
      await expectNoAxeViolations(page);
    }
    await page.goto('/admin/tasks/new');
    await page.getByLabel('Title', { exact: true }).fill('Half done');
    await page.getByLabel('Important', { exact: true }).check();
    await page.getByRole('button', { name: 'Create task' }).click();
    await expect(page.getByRole('alert')).toContainText('Nothing was saved');
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Half done');
    await expect(page.getByLabel('Important', { exact: true })).toBeChecked();
    await expect(page.getByLabel('Category')).toHaveAccessibleDescription('Choose a category.');
    await expectNoAxeViolations(page);
    await page.context().close();
  });
}

test('staff send a banner message to students by keyboard alone; a student sees it, its markup shown as text', async ({
  browser,
}) => {
  const title = `Library closes early ${run} <img src=x onerror="window.__pwned=1">`;
  const staff = await signedIn(browser, 'Staff', '/admin/messages/new', 390);
  await staff.getByLabel('Send to').focus();
  await staff.keyboard.press('ArrowDown'); // Everyone with a role
  await staff.getByLabel('Role (when sending to a role)').selectOption('student');
  await typeInto(staff, 'Title', title);
  await typeInto(staff, 'Message', 'The library closes at 6 pm on Friday.');
  await typeInto(staff, 'Action link', '/resources');
  await staff.getByLabel('Show as a banner at the top of the portal').focus();
  await staff.keyboard.press('Space');
  await staff.getByRole('button', { name: 'Send the message' }).focus();
  await staff.keyboard.press('Enter');
  await expect(staff.getByRole('status')).toHaveText('Message sent.');
  await expect(staff.getByRole('cell', { name: /Library closes early/ }).first()).toBeVisible();

  // The Messages page lists it once (the banner lines stand on the dashboard only).
  const student = await signedIn(browser, 'Student', '/messages');
  await expect(student.getByText(title, { exact: false }).first()).toBeVisible();
  expect(
    await student.evaluate(
      () => 'window.__pwned' in window && (window as { __pwned?: number }).__pwned,
    ),
  ).toBeFalsy();
  await student.context().close();

  const faculty = await signedIn(browser, 'Faculty', '/messages');
  await expect(faculty.getByText(`Library closes early ${run}`)).toHaveCount(0);
  await faculty.context().close();

  await staff.goto(`/admin?kind=message`);
  await expect(staff.getByRole('cell', { name: 'admin.message.send' }).first()).toBeVisible();
  await staff.context().close();
});

test('a Next Steps task for first-year students reaches the new student, not another student; one published for tomorrow stays hidden; its description never runs', async ({
  browser,
}) => {
  const staff = await signedIn(browser, 'Staff', '/admin/tasks');
  await createTask(staff, `Collect your welcome pack ${run}`, async () => {});
  await createTask(staff, `Tomorrow's task ${run}`, async (page) => {
    const tomorrow = new Date(Date.now() + 36 * 3_600_000).toISOString().slice(0, 16);
    await page.getByLabel('Visible to students from').fill(tomorrow);
  });
  await staff.goto(`/admin/tasks?q=${run}`);
  await expect(staff.getByText('Scheduled:')).toBeVisible();
  await staff.context().close();

  const newStudent = await signedIn(browser, 'New student', '/next-steps/task');
  const tasks = newStudent.getByRole('list', { name: 'Tasks' });
  await expect(tasks.getByText(`Collect your welcome pack ${run}`)).toBeVisible();
  await expect(tasks.getByText(`Tomorrow's task ${run}`)).toHaveCount(0);
  await tasks.getByText(`Collect your welcome pack ${run}`).click();
  await expect(
    newStudent.getByRole('article').getByText('Bring your ID.', { exact: false }),
  ).toBeVisible();
  expect(await newStudent.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  await newStudent.context().close();

  const student = await signedIn(browser, 'Student', '/next-steps/task');
  await expect(
    student.getByRole('list', { name: 'Tasks' }).getByRole('listitem').first(),
  ).toBeVisible();
  await expect(student.getByText(`Collect your welcome pack ${run}`)).toHaveCount(0);
  await student.context().close();
});

test('a student is refused the admin', async ({ browser }) => {
  const page = await signedIn(browser, 'Student', '/');
  const response = await page.goto('/admin/tasks');
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'Staff only' })).toBeVisible();
  await page.context().close();
});
