import { expect, test } from './server.js';
import type { Browser, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import { signInAs } from './sign-in.js';

const HOLD =
  'There is a hold on your student account that might affect course registration. Please visit the Account page for more information.';
const NUDGE = 'There is information you need to confirm or update in the message center.';

const signIn = (page: Page, persona: string, next = '/messages') => signInAs(page, persona, next);

const banner = (page: Page) => page.getByRole('region', { name: 'Messages for you' });

async function newStudentPage(browser: Browser, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  // The banner lines are the dashboard's: the Messages page lists the messages once, without them.
  await signIn(page, 'Student', '/');
  return page;
}

for (const width of [390, 1280]) {
  test(`at ${width} px a student's hold line (portal.md §4, §8) stands in the banner area, also where the holds summary lists the hold`, async ({
    browser,
  }) => {
    const page = await newStudentPage(browser, width);
    await expect(banner(page).getByText(NUDGE, { exact: true })).toBeVisible();
    const summary = page.getByRole('region', { name: 'Profile summary' });
    await expect(summary.getByRole('heading', { name: 'Holds' })).toBeVisible();
    await expect(summary.getByText('Registration Hold')).toBeVisible();
    await expect(banner(page).getByText(HOLD)).toBeVisible();
    await expect(page).toHaveTitle('Dashboard · Campus Portal');
    await expectNoAxeViolations(page);
    await page.context().close();
  });

  test(`at ${width} px a student reads a message from the bell and the unread count drops`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, 'Student', '/academics');
    await page.goto('/messages');
    const bell = page.getByRole('link', { name: /^Messages, \d+ unread$/ });
    const before = Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1]);
    expect(before).toBeGreaterThan(1);
    await bell.click();
    await expect(page).toHaveURL(/\/messages$/);
    const unread = page.getByRole('region', { name: 'Unread' });
    const first = unread.getByRole('listitem').first();
    const title = await first.getByRole('heading').innerText();
    // The count drops at once; the read is sent after. The reload waits for the server's answer,
    // as a reload made first would abandon the call (CI's retry at 1280).
    const saved = page.waitForResponse(
      (r) => /\/api\/notifications\//.test(r.url()) && r.request().method() === 'PATCH',
    );
    await first.getByRole('button', { name: `Mark read: ${title}` }).click();
    await expect(page.getByRole('link', { name: `Messages, ${before - 1} unread` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Read' }).getByText(title)).toBeVisible();
    expect((await saved).ok()).toBe(true);
    await page.reload();
    await expect(page.getByRole('link', { name: `Messages, ${before - 1} unread` })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

for (const [width, persona] of [
  [390, 'Faculty'],
  [1280, 'Staff'],
] as const) {
  test(`at ${width} px an emergency alert from the sample feed is announced on every page and stays until read`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, persona, '/academics');
    // The sample alert is a weekly test: announced politely, labelled as a test, never as a threat.
    const alert = page.getByRole('status').filter({ hasText: 'Campus alert test' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('Test: Campus alert test');
    await expect(alert).toContainText('This is a test of the campus emergency alert system.');
    await expectNoAxeViolations(page);
    await page.goto('/messages');
    await expect(alert).toBeVisible();
    await page.reload();
    await expect(alert).toBeVisible();
    // The alert leaves at once; its read is sent after. The reload waits for the server's answer,
    // as a reload made first would abandon the call (CI's one retry).
    const saved = page.waitForResponse(
      (r) =>
        /\/api\/integrations\/rave-messages\//.test(r.url()) && r.request().method() === 'PATCH',
    );
    await alert.getByRole('button', { name: 'Mark read: Campus alert test' }).click();
    await expect(alert).toHaveCount(0);
    expect((await saved).ok()).toBe(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    await expect(page.getByText('Campus alert test')).toHaveCount(0);
  });
}

test('"Mark all read" marks every message read by one call, and a reload keeps them read (issue 87)', async ({
  page,
}) => {
  await signIn(page, 'Faculty', '/messages');
  await expect(page.getByRole('link', { name: /^Messages, \d+ unread$/ })).toBeVisible();
  const saved = page.waitForResponse(
    (r) => /\/api\/notifications\/read$/.test(r.url()) && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Mark all read' }).click();
  await expect(page.getByText('You are all caught up: no unread messages.')).toBeVisible();
  const answer = await saved;
  expect(answer.ok()).toBe(true);
  expect(await answer.json()).toMatchObject({ unread: 0 });
  await page.reload();
  await expect(page.getByText('You are all caught up: no unread messages.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark all read' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /unread$/ })).toHaveCount(0);
});
