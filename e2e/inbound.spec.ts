import { expect, test } from './drawn-page.js';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import { startFileServer } from './server.js';
import type { FileServer } from './server.js';

/**
 * The inbound API (issue 60), end to end: staff add a publisher and issue it a key on
 * `/admin/publishers`; the department's system (here Playwright's own HTTP client, as a system
 * outside the browser) posts a task to one student, who finds it in Next Steps; the department's
 * completion marks it done there ("Completed in Housing", which the student cannot undo); posting the
 * same `source_id` again changes its title; the delete takes it away; the publisher's page lists
 * every call in its audit.
 */

let server: FileServer;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  // The demo Staff person is a superuser here (their provider group is also the superusers' group):
  // the publishers' pages are superusers' only.
  server = await startFileServer('inbound', {
    SUPERUSER_GROUPS: 'portal-staff',
    RATE_LIMIT_INBOUND_PER_MINUTE: '1000',
  });
});
test.afterAll(async () => {
  await server?.stop();
});

async function signedIn(browser: Browser, persona: string, next: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/auth/login?next=${encodeURIComponent(next)}`);
  await page.getByRole('button', { name: `Sign in as ${persona}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[/?]/g, '\\$&')}$`));
  return page;
}

/** A day `days` from today, `YYYY-MM-DD` (a due day soon enough for Up Next). */
const dayFromNow = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const ITEMS = '/api/inbound/v1/items';

test('a department’s system publishes a task to one student with a key staff issued; completion, replacement and delete reach the student, and the publisher’s page lists the calls', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(180_000);
  // The student signs in once, so the portal knows them by username.
  const student = await signedIn(browser, 'Student', '/next-steps/task');

  const staff = await signedIn(browser, 'Staff', '/admin/publishers');
  await expect(staff.getByRole('heading', { level: 1, name: 'Publishers' })).toBeVisible();
  // Issue 76: a refused form says what each field needs in words, and focus lands on the summary.
  await staff.getByRole('button', { name: 'Add the publisher' }).click();
  const summary = staff.getByRole('alert').filter({ hasText: 'Nothing was saved' });
  await expect(summary).toBeFocused();
  await expect(summary).toContainText('Choose at least one scope: what the publisher may post.');
  await expect(staff.getByRole('checkbox', { name: 'tasks:write' })).toHaveAccessibleDescription(
    'Choose at least one scope: what the publisher may post.',
  );
  await expectNoAxeViolations(staff);
  await staff.getByLabel('Name', { exact: true }).fill('housing');
  await staff.getByLabel('Shown to students as').fill('Housing');
  await staff.getByRole('checkbox', { name: 'tasks:write' }).check();
  await staff.getByRole('checkbox', { name: 'tasks:complete' }).check();
  await staff.getByRole('checkbox', { name: 'student', exact: true }).check();
  await staff.getByLabel('Most recipients per item').fill('50');
  await staff.getByRole('button', { name: 'Add the publisher' }).click();
  await expect(staff).toHaveURL(/\/admin\/publishers\/\d+\?done=created#outcome$/);
  const publisherPage = staff.url().replace(/[?#].*/, '');
  await expect(staff.getByRole('heading', { level: 1, name: 'Housing' })).toBeVisible();
  await expect(staff.getByRole('status')).toBeFocused();
  await expect(staff.getByRole('status')).toHaveText(/^Publisher Housing added\./);

  await staff.getByRole('button', { name: 'Issue a new key' }).click();
  await expect(staff.getByRole('status')).toBeFocused();
  await expect(staff.getByRole('status')).toContainText('it is shown only this once');
  const shown = staff.locator('code[data-new-key]');
  await expect(shown).toHaveText(/^cpk_housing_[A-Za-z0-9_-]{43}$/);
  const key = (await shown.textContent()) ?? '';
  await expectNoAxeViolations(staff);

  // The department's system: no cookies, only its key.
  const system: APIRequestContext = await playwright.request.newContext({
    baseURL: server.url,
    extraHTTPHeaders: { authorization: `Bearer ${key}` },
  });
  const task = (title: string) => ({
    kind: 'task',
    source_id: 'room-inspection-2027',
    audience: { users: ['avalencia'] },
    title,
    body: 'Book a time for your room inspection before you move out.',
    due_on: dayFromNow(3),
  });
  const posted = await system.post(ITEMS, { data: task('Book your room inspection') });
  expect(posted.status()).toBe(201);
  expect(await posted.json()).toMatchObject({ recipients: 1, replaced: false, warnings: [] });

  const list = student.getByRole('list', { name: 'Tasks' });
  await student.reload();
  await list.getByRole('link', { name: /Book your room inspection/ }).click();
  const detail = student.getByRole('article');
  await expect(
    detail.getByRole('heading', { level: 2, name: 'Book your room inspection' }),
  ).toBeVisible();
  const taskUrl = student.url();
  await expectNoAxeViolations(student);

  // Done in Housing's own system: done in the portal, and the student cannot undo it.
  const done = await system.put(`${ITEMS}/room-inspection-2027/completions`, {
    data: { users: ['avalencia'] },
  });
  expect(done.status()).toBe(200);
  expect(await done.json()).toMatchObject({ completed: 1, warnings: [] });
  await student.goto(`${server.url}/next-steps/task?show=done`);
  await expect(student.getByRole('heading', { level: 1, name: 'Done' })).toBeVisible();
  await expect(list.getByText('Book your room inspection', { exact: true })).toBeVisible();
  await expect(list.getByText('Completed in Housing', { exact: true })).toBeVisible();
  await student.goto(taskUrl);
  await expect(detail.getByText(/Completed in Housing/)).toBeVisible();
  const undo = detail.getByRole('button', { name: 'Mark not done' });
  await expect(undo).toHaveAttribute('aria-disabled', 'true');
  // Pressed anyway (aria-disabled is not disabled): nothing changes, also after a reload.
  await undo.click({ force: true });
  await student.reload();
  await expect(detail.getByText(/Completed in Housing/)).toBeVisible();
  await expectNoAxeViolations(student);

  // The same source_id again: the task changes its title, and is not a second task.
  const again = await system.post(ITEMS, { data: task('Book your move-out inspection') });
  expect(again.status()).toBe(201);
  expect(await again.json()).toMatchObject({ replaced: true, recipients: 1 });
  await student.goto(`${server.url}/next-steps/task?show=done`);
  await expect(list.getByText('Book your move-out inspection', { exact: true })).toBeVisible();
  await expect(list.getByText('Book your room inspection', { exact: true })).toBeHidden();

  // The delete takes it out of the student's Next Steps.
  const gone = await system.delete(`${ITEMS}/room-inspection-2027`);
  expect(gone.status()).toBe(204);
  await student.reload();
  await expect(student.getByRole('heading', { level: 1, name: 'Done' })).toBeVisible();
  await expect(list.getByText('Book your move-out inspection', { exact: true })).toBeHidden();
  await student.goto(`${server.url}/next-steps/task`);
  await expect(student.getByRole('heading', { level: 1, name: 'Up Next' })).toBeVisible();
  await expect(student.getByText('Book your move-out inspection', { exact: true })).toBeHidden();
  await system.dispose();

  // Every call, in the publisher's audit, with the item withdrawn.
  await staff.goto(publisherPage);
  const audit = staff.getByRole('region', { name: 'Audit' });
  const rows = audit.getByRole('row');
  await expect(rows.filter({ hasText: 'POST /api/inbound/v1/items' })).toHaveCount(2);
  await expect(
    rows.filter({ hasText: 'PUT /api/inbound/v1/items/:source_id/completions' }),
  ).toHaveCount(1);
  await expect(rows.filter({ hasText: 'DELETE /api/inbound/v1/items/:source_id' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'room-inspection-2027' })).toHaveCount(4);
  await expect(
    staff.getByRole('region', { name: 'Items' }).getByRole('row', { name: /room-inspection-2027/ }),
  ).toContainText('Withdrawn');
  await expectNoAxeViolations(staff);
  await staff.context().close();
  await student.context().close();
});
