import { expect, test } from './server.js';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import { signInAs } from './sign-in.js';

/**
 * Issue 28: the first screen is about the person. Signed in as the student, with the sample alert
 * and five banner lines, the greeting and the first personal block start inside the first viewport;
 * every portal page has the one toolbar; the desktop sidebar stays in view.
 */

const top = async (page: Page, locator: ReturnType<Page['locator']>) => {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box?.y ?? Number.POSITIVE_INFINITY;
};

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('the student meets the greeting and the profile summary inside the first viewport, under the alert, the hero and two banner lines', async ({
      page,
    }) => {
      await signInAs(page, 'Student');
      const alert = page.getByRole('status').filter({ hasText: 'Campus alert test' });
      await expect(alert).toBeVisible();
      const banner = page.getByRole('region', { name: 'Messages for you' });
      // The sample's five lines (the hold, the nudge and three messages, fewer if an earlier journey
      // read some): two show, the rest fold.
      await expect(banner.getByRole('button', { name: /^Dismiss:/ })).toHaveCount(2);
      const more = banner.getByRole('button', { name: /^Show \d+ more$/ });
      await expect(more).toHaveAttribute('aria-expanded', 'false');
      const folded = Number(/\d+/.exec(await more.innerText())?.[0]);
      expect(folded).toBeGreaterThan(0);

      const greeting = page.getByRole('heading', { level: 2, name: /^Hello / });
      const summary = page.getByTestId('block-profile-summary');
      const heading = page.getByRole('heading', { level: 1, name: 'Dashboard' });
      // portal.md §2 order: hero, banner, toolbar, then the columns.
      const hero = await top(page, page.getByTestId('block-hero'));
      const lines = await top(page, banner);
      const toolbar = await top(page, heading);
      const personal = await top(page, summary);
      expect(await top(page, alert)).toBeLessThan(hero);
      expect(hero).toBeLessThan(lines);
      expect(lines).toBeLessThan(toolbar);
      expect(toolbar).toBeLessThan(personal);
      expect(await top(page, greeting)).toBeLessThan(viewport.height - 24);
      expect(personal).toBeLessThan(viewport.height - 48);
      // The phone's hero is compact: well under a third of the screen.
      const heroBox = await page.getByTestId('block-hero').boundingBox();
      expect(heroBox?.height ?? 0).toBeLessThan(viewport.width < 800 ? 220 : 260);
      await expectNoAxeViolations(page);

      // Every folded line is still reachable and dismissible.
      await more.click();
      await expect(banner.getByRole('button', { name: /^Dismiss:/ })).toHaveCount(folded + 2);
      await expect(banner.getByRole('button', { name: 'Show fewer' })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      await expectNoAxeViolations(page);
    });

    test('every portal page has one toolbar: its title, the bell with the unread count and the profile image', async ({
      page,
    }) => {
      await signInAs(page, 'Student');
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      for (const [path, title] of [
        ['/', 'Dashboard'],
        ['/academics', 'Academics'],
        ['/messages', 'Messages'],
        ['/finances', 'Finances'],
        ['/community', 'Community'],
        ['/account', 'Account'],
        ['/resources', 'Resources'],
        ['/not-found', 'Page not found'],
      ] as const) {
        await page.goto(path);
        const toolbar = page.getByTestId('block-toolbar');
        await expect(toolbar).toHaveCount(1);
        await expect(toolbar.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await expect(toolbar.getByRole('link', { name: /^Messages, \d+ unread$/ })).toBeVisible();
        await expect(toolbar.getByRole('link', { name: 'Account' })).toBeVisible();
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        await expect(page).toHaveTitle(`${title} · Campus Portal`);
        // The toolbar's row: title and actions side by side, inside the page's width.
        const [heading, bell] = await Promise.all([
          toolbar.getByRole('heading', { level: 1 }).boundingBox(),
          toolbar.getByRole('link', { name: /^Messages, / }).boundingBox(),
        ]);
        expect(
          Math.abs(
            (heading?.y ?? 0) +
              (heading?.height ?? 0) / 2 -
              ((bell?.y ?? 0) + (bell?.height ?? 0) / 2),
          ),
        ).toBeLessThan(12);
        expect((bell?.x ?? 0) + (bell?.width ?? 0)).toBeLessThanOrEqual(viewport.width);
      }
    });

    test('Messages lists each message once, without the banner above it', async ({ page }) => {
      await signInAs(page, 'Student', '/messages');
      const unread = page.getByRole('region', { name: 'Unread' });
      await expect(unread.getByRole('listitem').first()).toBeVisible();
      await expect(page.getByRole('region', { name: 'Messages for you' })).toHaveCount(0);
      for (const title of await unread.getByRole('heading').allInnerTexts()) {
        await expect(page.getByText(title, { exact: true })).toHaveCount(1);
      }
      await expectNoAxeViolations(page);
    });

    test('a staff member sees the employees’ hero and, on Finances, a short note instead of a student account', async ({
      page,
    }) => {
      await signInAs(page, 'Staff');
      const hero = page.getByTestId('block-hero');
      await expect(hero).toBeVisible();
      await expect(hero).not.toContainText('check your holds');
      await page.goto('/finances');
      await expect(page.getByRole('heading', { name: 'This page is for students' })).toBeVisible();
      await expect(page.getByText('No Record Found/Not Applicable')).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Pay your bill online' })).toHaveCount(0);
      await page.goto('/academics');
      // portal.md §2: the profile summary shows a student card on academics.
      const summary = page.getByRole('region', { name: 'Profile summary' });
      await expect(summary.getByText('Class standing', { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the sidebar stays in view while a long page scrolls', async ({ page }) => {
    await signInAs(page, 'Student');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.mouse.wheel(0, 5000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const box = await menu.boundingBox();
    expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(900);
    const sidebar = await page.locator('.sidebar').boundingBox();
    // Pinned to the top of the viewport (to within the rounding of a scrolled pixel).
    expect(Math.abs(sidebar?.y ?? 99)).toBeLessThan(1);
  });
});
