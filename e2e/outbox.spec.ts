// The embedded default's promise is about a freshly started server, whose first reminder planning
// has not yet met anyone signing in: this file's own server (e2e/server.ts), on an empty store, is
// one.
import { expect, test } from './server.js';
import { expectNoAxeViolations } from './axe.js';

test.use({ emptyStore: true });

// The sample deadline is two days off at 23:59 UTC; on the campus clock that is "in 2 days" or, in
// the campus evening (UTC's small hours), "in 3 days".
const REMINDER = /^Due (today|tomorrow|in \d+ days): Confirm your class schedule$/;

for (const width of [390, 1280]) {
  test(`at ${width} px staff read the sample student's deadline reminder in the outbox: the list, the message and its HTML, with axe and no sideways scrolling`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto('/auth/login?next=%2Fadmin%2Foutbox');
    await page.getByRole('button', { name: 'Sign in as Staff', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/outbox$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
    // The server's planner writes it within seconds of its first start (no SMTP_URL: the outbox).
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole('link', { name: REMINDER }).first()).toBeVisible({
        timeout: 1000,
      });
    }).toPass({ timeout: 60_000 });
    await expect(page.getByRole('link', { name: 'Outbox' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const overflows = () =>
      page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    // Polled, not read once: a fresh page measured mid-layout once read wider than it settles.
    await expect.poll(overflows, { message: `the outbox overflows at ${width} px` }).toBe(false);
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: REMINDER }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: REMINDER })).toBeVisible();
    await expect(page.getByText('avalencia@campus.example.edu')).toBeVisible();
    await expect(page.getByText('List-Unsubscribe=One-Click')).toBeVisible();
    await expect.poll(overflows, { message: `the message overflows at ${width} px` }).toBe(false);
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Open the HTML version' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Confirm your class schedule' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Stop deadline reminders' })).toBeVisible();
    // The email's own HTML is served sandboxed (no script runs there, axe's neither): check a copy.
    const copy = await context.newPage();
    await copy.setContent(await page.content());
    await expectNoAxeViolations(copy);
    await context.close();
  });
}
