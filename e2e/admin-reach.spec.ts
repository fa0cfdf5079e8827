import { expect, test } from './server.js';
import type { Browser } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';

async function signedIn(browser: Browser, persona: string, next: string, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(`/auth/login?next=${encodeURIComponent(next)}`);
  await page.getByRole('button', { name: `Sign in as ${persona}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[/?]/g, '\\$&')}$`));
  return page;
}

/** The sample student signs in once per server, so their Next Steps tasks have records to count. */
let studentSeen = false;
async function studentSignsInOnce(browser: Browser) {
  if (studentSeen) return;
  const page = await signedIn(browser, 'Student', '/', 1280);
  await page.context().close();
  studentSeen = true;
}

for (const width of [390, 1280]) {
  test(`at ${width} px the reach dashboard shows messages and one chart per task, passes axe, and exports CSV`, async ({
    browser,
  }) => {
    // Forty sample tasks make forty charts: axe reads every shape of them, twice.
    test.setTimeout(120_000);
    await studentSignsInOnce(browser);
    const page = await signedIn(browser, 'Staff', '/admin/reach', width);
    await expect(page).toHaveTitle('Reach · Admin · Campus Portal');
    await expect(page.getByRole('link', { name: 'Reach', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('heading', { level: 2, name: 'Messages' })).toBeVisible();
    const charts = page.getByRole('img', { name: /: students by week$/ });
    await expect(charts.first()).toBeVisible();
    expect(await charts.count()).toBeGreaterThan(1);
    // Once laid out: a fresh server's first run once measured it overflowing, then not on its retry.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), {
        message: `the reach page overflows at ${width} px`,
      })
      .toBe(false);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `test-results/admin-reach-${width}.png`, fullPage: false });
    await page
      .getByRole('heading', { level: 2, name: 'Next Steps tasks' })
      .scrollIntoViewIfNeeded();
    await page.evaluate(() => document.getElementById('tasks')?.scrollIntoView());
    await page.screenshot({ path: `test-results/admin-reach-charts-${width}.png` });

    // The numbers behind a chart, by keyboard.
    const numbers = page.getByText('The numbers as a table').first();
    await numbers.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('columnheader', { name: 'Week ending' }).first()).toBeVisible();
    await expectNoAxeViolations(page);

    // A shorter window, sent with the form (no script) by the keyboard.
    await page.getByLabel('Window', { exact: true }).selectOption('4');
    await page.getByRole('button', { name: 'Show' }).press('Enter');
    await expect(page).toHaveURL(/\/admin\/reach\?weeks=4&type=$/);
    await expect(page.getByText('Messages written in the last 4 weeks.')).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download the tasks by student type as CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/^reach-tasks-\d{4}-\d{2}-\d{2}\.csv$/);
    await page.context().close();
  });
}

/**
 * Issue 57: the reach view's delivery table with real rows. Staff send a message to every student
 * with "also notify"; the portal's own worker hands the emails over (to the outbox table: no SMTP is
 * configured here), and the Delivery speed table fills "50 %", "95 %" and "100 % by" for it.
 */
for (const width of [390, 1280]) {
  test(`at ${width} px the delivery speed table shows a sent message's email row with 95 % and 100 % filled`, async ({
    browser,
  }, testInfo) => {
    // The wait for the worker's round below is up to 60 s: the test's own limit must leave room for it.
    test.setTimeout(120_000);
    const title = `Reach check ${width} ${Date.now().toString(36)}`;
    const staff = await signedIn(browser, 'Staff', '/admin/messages/new', width);
    await staff.getByLabel('Send to').selectOption({ index: 1 });
    await staff.getByLabel('Role (when sending to a role)').selectOption('student');
    await staff.getByLabel('Title', { exact: true }).fill(title);
    await staff.getByLabel('Message', { exact: true }).fill('Delivery speed check.');
    await staff
      .getByLabel('Also notify the recipients by email, text and push, as each allows')
      .check();
    await staff.getByRole('button', { name: 'Send the message' }).click();
    await expect(staff.getByRole('status')).toHaveText('Message sent.');

    const row = staff
      .getByRole('row')
      .filter({ hasText: `Message: ${title}` })
      .filter({ hasText: 'email' });
    await staff.goto('/admin/reach#delivery');
    await expect(async () => {
      // Read again by a reload: a second goto to the same address with a fragment is a navigation
      // within the page, which only scrolls, and the table first drawn before the worker's round
      // was read again and again for 60 s (the flake of issue 77, whose retry passed in 4.8 s).
      await staff.reload();
      await expect(row).toHaveCount(1, { timeout: 1000 });
      const cells = await row.getByRole('cell').allTextContents();
      // 50 %, 95 % and 100 % by (columns 6–8): a duration each, not "—".
      for (const cell of cells.slice(5, 8)) expect(cell).not.toBe('—');
    }).toPass({ timeout: 60_000 });
    await expectNoAxeViolations(staff);
    await row.scrollIntoViewIfNeeded();
    for (const scheme of ['light', 'dark'] as const) {
      await staff.emulateMedia({ colorScheme: scheme });
      await staff.screenshot({ path: testInfo.outputPath(`delivery-${width}-${scheme}.png`) });
    }
    await staff.context().close();
  });
}
