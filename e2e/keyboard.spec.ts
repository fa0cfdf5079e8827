import { expect, test } from './server.js';
import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import { expectNoCodeSnifferErrors } from './codesniffer.js';
import {
  armFocusWatch,
  expectFocusNeverOnBody,
  expectOnScreen,
  watchFocus,
} from './focus-watch.js';
import { signInAs } from './sign-in.js';

/**
 * Issue 43: focus has a place after every action. Each journey is driven by the keyboard alone and
 * checks that `document.activeElement` is the element a screen reader user expects — never `<body>`.
 * Issue 76: from the journey's first focus on, `document.activeElement` is watched continuously
 * (e2e/focus-watch.ts: every frame, and a task after every focusout and every change to the page):
 * a journey fails on any moment focus rests on `<body>`, and on any landing outside the window.
 */
test.beforeEach(async ({ page }) => {
  await watchFocus(page);
});
test.afterEach(async ({ page }) => {
  await expectFocusNeverOnBody(page);
});

/** Focus on `target` (as if tabbed to) and press `key`. */
async function press(target: Locator, key = 'Enter') {
  await armFocusWatch(target.page());
  await target.focus();
  await target.press(key);
}

/**
 * Waits until the focused element is `expected`, and checks it stands in the window and that focus
 * has rested on the page's body at no moment on the way.
 */
async function expectFocusOn(page: Page, expected: Locator) {
  const active = () =>
    page.evaluate(() => (document.activeElement?.outerHTML ?? 'nothing').slice(0, 160));
  await expect(expected, `focus is on ${await active()}`)
    .toBeFocused()
    .catch(async (error) => {
      throw new Error(`${String(error)}\nfocus is on ${await active()}`);
    });
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
  await expectOnScreen(expected);
  await expectFocusNeverOnBody(page);
}

/** The page's heading as the focus rule picks it: the first visible level-1 heading. */
const pageHeading = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { level: 1, name });

/** The polite live region that says each new page's title. */
const announcer = (page: Page) => page.locator('#page-announcer');

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('an emergency alert marked read by keyboard leaves focus on the page heading', async ({
    page,
  }) => {
    await signInAs(page, 'Staff', '/');
    const alert = page.getByRole('status').filter({ hasText: 'Campus alert test' });
    await press(alert.getByRole('button', { name: 'Mark read: Campus alert test' }));
    await expect(alert).toHaveCount(0);
    await expectFocusOn(page, pageHeading(page, 'Dashboard'));
  });

  test("an attendance warning's Mark as read leaves focus on the page heading once the warning has gone", async ({
    page,
  }) => {
    await signInAs(page, 'Student', '/academics');
    const warning = page.getByRole('region', { name: /Confirm you are attending/ });
    await press(warning.getByRole('button', { name: 'Mark as read: CS 161' }));
    await expect(warning).toHaveCount(0);
    await expectFocusOn(page, pageHeading(page, 'Academics'));
  });

  test("Messages' Mark read moves focus to the next unread message, Mark all read to the count", async ({
    page,
  }) => {
    await signInAs(page, 'Student', '/messages');
    const unread = page.getByRole('region', { name: 'Unread' });
    const items = unread.getByRole('listitem');
    await expect(items.first()).toBeVisible();
    const count = await items.count();
    expect(count).toBeGreaterThan(1);
    const secondTitle = await items.nth(1).getByRole('heading').innerText();
    const firstTitle = await items.first().getByRole('heading').innerText();
    await press(items.first().getByRole('button', { name: `Mark read: ${firstTitle}` }));
    await expect(items).toHaveCount(count - 1);
    const now = page.locator(':focus');
    await expect(now).toContainText(secondTitle);
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);

    await press(page.getByRole('button', { name: 'Mark all read' }));
    await expect(unread).toHaveCount(0);
    await expectFocusOn(page, page.getByText('You are all caught up: no unread messages.'));
    await expectNoAxeViolations(page);
    await expectNoCodeSnifferErrors(page);
  });

  test('Enter in the search box opens the search page with focus on its heading; the first Escape keeps the query', async ({
    page,
  }) => {
    await signInAs(page, 'Student', '/');
    const box = page.getByRole('combobox', { name: 'Search the portal' }).first();
    await box.focus();
    await page.keyboard.type('advising');
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(box).toHaveValue('advising');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\?/);
    await expectFocusOn(page, pageHeading(page, /Search/));
  });

  test('a page change by keyboard moves focus to the new page heading and says its title once', async ({
    page,
  }) => {
    await signInAs(page, 'Student', '/');
    await expect(pageHeading(page, 'Dashboard')).toBeVisible();
    await press(
      page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Finances' }),
    );
    await expect(page).toHaveURL(/\/finances$/);
    await expectFocusOn(page, pageHeading(page, 'Finances'));
    await expect(announcer(page)).toHaveText('Finances · Campus Portal');
    await expect(
      page.locator('[aria-live], [role="status"]').filter({ hasText: 'Finances · Campus Portal' }),
    ).toHaveCount(1);
  });

  test('"View full schedule" lands focus on the schedule it opens', async ({ page }) => {
    await signInAs(page, 'Student', '/');
    await press(page.getByRole('link', { name: 'View full schedule' }));
    await expect(page).toHaveURL(/\/academics#schedule$/);
    await expectFocusOn(page, page.locator('#schedule'));
  });

  test('"Customise" and "Done customising" keep focus on their toggle, inside the window, as it moves between the top and the end of the blocks', async ({
    page,
  }) => {
    // A laptop's window: the blocks drawn anew after Done customising once pushed it 63 px below.
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAs(page, 'Student', '/');
    const customise = page.getByRole('button', { name: 'Customise', exact: true });
    await expect(customise).toBeVisible();
    await press(customise);
    const done = page.getByRole('button', { name: 'Done customising' });
    await expectFocusOn(page, done);
    await press(done);
    await expectFocusOn(page, customise);
  });

  test("a coursework feed address the server fails to take leaves focus on what went wrong, never on the page's body while it waits", async ({
    page,
  }) => {
    await page.route('**/api/coursework/feed', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' })
        : route.fallback(),
    );
    await signInAs(page, 'Student', '/account');
    const section = page.getByRole('region', { name: 'Coursework calendar' });
    const field = section.getByRole('textbox', { name: 'Calendar feed address' });
    await armFocusWatch(page);
    await field.focus();
    await field.fill('https://canvas.campus.example.edu/feeds/calendars/user_abc.ics');
    await field.press('Enter');
    await expectFocusOn(page, section.getByRole('alert'));
  });

  test('one save model: a number saved by Enter on the Account page says "Saved." beside it, focus staying in the field', async ({
    page,
  }) => {
    await signInAs(page, 'Student', '/account');
    const field = page.getByRole('textbox', { name: 'Text-message number' });
    await field.focus();
    await field.fill('(503) 555-0142');
    await press(field);
    const channels = page.getByRole('group', { name: 'How to reach me' });
    await expect(channels.getByRole('status')).toHaveText('Saved.');
    await expect(channels.getByRole('status')).toBeInViewport();
    await expectFocusOn(page, field);
  });
});

test.describe('Next Steps at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('Acknowledge and the overdue notice’s Dismiss leave focus on the list heading', async ({
    page,
  }) => {
    await signInAs(page, 'Student', '/next-steps/task');
    const welcome = page.getByRole('region', { name: 'Welcome to Next Steps' });
    await press(welcome.getByRole('button', { name: 'Acknowledge' }));
    await expect(welcome).toHaveCount(0);
    await expectFocusOn(page, pageHeading(page, 'Up Next'));

    const overdue = page.getByText(/^You have \d+ overdue task\(s\)\./);
    await expect(overdue).toBeVisible();
    await press(page.getByRole('button', { name: 'Dismiss' }).first());
    await expect(overdue).toHaveCount(0);
    await expectFocusOn(page, pageHeading(page, 'Up Next'));
  });

  test('one save model: a ticked topic or affiliation is saved at once, says "Saved." in view, and keeps focus on the box', async ({
    page,
  }) => {
    await signInAs(page, 'New student', '/next-steps/preferences');
    const topic = page.getByRole('checkbox', { name: 'Weekly summary' });
    await press(topic, 'Space');
    await expect(page.getByText('Saved.')).toBeInViewport();
    await expectFocusOn(page, topic);
    await expect(page.getByRole('button', { name: /^Save/ })).toHaveCount(0);

    await press(page.getByRole('link', { name: 'Affiliations' }));
    await expectFocusOn(page, pageHeading(page, 'Affiliations'));
    const group = page.getByRole('checkbox', { name: 'International' });
    await press(group, 'Space');
    await expect(page.getByText('Saved.')).toBeInViewport();
    await expectFocusOn(page, group);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a choice in the phone menu moves focus to the chosen page heading', async ({ page }) => {
    await signInAs(page, 'Student', '/');
    await expect(pageHeading(page, 'Dashboard')).toBeVisible();
    await press(page.getByRole('button', { name: 'Menu' }));
    await press(
      page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Academics' }),
    );
    await expect(page).toHaveURL(/\/academics$/);
    await expectFocusOn(page, pageHeading(page, 'Academics'));
    await expect(announcer(page)).toHaveText('Academics · Campus Portal');
    await expectNoAxeViolations(page);
    await expectNoCodeSnifferErrors(page);
  });

  test("opening a task moves focus to its title; Back returns it to the task's link", async ({
    page,
  }) => {
    await signInAs(page, 'New student', '/next-steps/task');
    const link = page.getByRole('list', { name: 'Tasks' }).getByRole('link').first();
    await expect(link).toBeVisible();
    const href = (await link.getAttribute('href')) ?? '';
    await press(link);
    const detail = page.getByRole('region', { name: 'Task detail' });
    await expectFocusOn(page, detail.getByRole('heading', { level: 2 }));

    await page.goBack();
    await expect(page).toHaveURL(/\/next-steps\/task$/);
    await expectFocusOn(page, page.locator(`a[href="${href}"]`));

    await press(page.locator(`a[href="${href}"]`));
    await expectFocusOn(page, detail.getByRole('heading', { level: 2 }));
    await press(page.getByRole('link', { name: 'Back to the list' }));
    await expect(page).toHaveURL(/\/next-steps\/task$/);
    await expectFocusOn(page, page.locator(`a[href="${href}"]`));
  });
});
