import { expect, test } from './server.js';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import { signInAs } from './sign-in.js';

/**
 * Issues 28 and 43: the first screen is about the person. Signed in as the student, with one or three
 * live alerts and the sample's banner lines, the greeting, today's first class and the next task are
 * inside the first viewport (on a laptop the holds summary too); every portal page has the one
 * toolbar; the desktop sidebar stays in view.
 */

/** Three live alerts, newest first, as the alert feed's answer gives them. */
const threeAlerts = () => {
  const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000).toISOString();
  return {
    checked: true,
    alerts: [
      {
        id: 'a000000000000001',
        title: 'Water main break near Kelley',
        description: 'Avoid the area until further notice.',
        pubDate: at(0.1),
        severity: 'emergency',
        read: false,
      },
      {
        id: 'a000000000000002',
        title: 'Road closed on Jefferson Way',
        description: 'Use Monroe Avenue instead.',
        pubDate: at(1),
        severity: 'advisory',
        read: false,
      },
      {
        id: 'a000000000000003',
        title: 'Campus alert test',
        description: 'This is a test of the alert system.',
        pubDate: at(2),
        severity: 'test',
        read: false,
      },
    ],
  };
};

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

    for (const count of [1, 3]) {
      test(`with ${count === 1 ? 'one unread alert' : 'three live alerts'} and the sample's banner lines, the greeting, today's first class and the next task due are fully visible without scrolling${viewport.width > 800 ? ', with the holds summary' : ''}; the hero follows the personal blocks`, async ({
        page,
      }, info) => {
        if (count === 3)
          await page.route('**/api/integrations/rave-messages', (route) =>
            route.request().method() === 'GET'
              ? route.fulfill({ json: threeAlerts() })
              : route.fallback(),
          );
        await signInAs(page, 'Student');
        const newest = count === 1 ? 'Campus alert test' : 'Water main break near Kelley';
        await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
        await expect(page.locator('.emergency-alert').filter({ hasText: newest })).toBeVisible();
        const more = page.getByText('2 more alerts', { exact: true });
        if (count === 3) {
          // The newest in full; the other two fold under one native disclosure.
          await expect(page.locator('.emergency-alert:visible')).toHaveCount(1);
          await expect(more).toBeVisible();
        } else await expect(more).toHaveCount(0);
        const banner = page.getByRole('region', { name: 'Messages for you' });
        // The sample's lines (the nudge and three messages; the hold is the holds summary's): two
        // show, the rest fold.
        await expect(banner.getByRole('button', { name: /^Dismiss:/ })).toHaveCount(2);
        await expect(banner.getByRole('button', { name: /^Show \d+ more$/ })).toBeVisible();

        const summary = page.getByTestId('block-profile-summary');
        const greeting = summary.getByRole('heading', { level: 2, name: /^Hello / });
        const firstClass = page
          .getByTestId('block-todays-classes')
          .getByRole('listitem')
          .or(page.getByText('No classes today'))
          .first();
        const nextTask = page.getByTestId('block-my-next-steps').getByRole('listitem').first();
        const holds = summary.getByRole('heading', { level: 3, name: 'Holds' });
        const places: Record<string, number> = {};
        const shown: Array<[string, ReturnType<Page['locator']>]> = [
          ['greeting', greeting],
          ['first class', firstClass],
          ['next task', nextTask],
        ];
        if (viewport.width > 800) shown.push(['holds summary', holds]);
        for (const [name, locator] of shown) {
          await expect(locator).toBeVisible();
          const box = await locator.boundingBox();
          expect(box, name).not.toBeNull();
          places[name] = Math.round(box?.y ?? 0);
          // Fully inside the first viewport, nothing scrolled.
          expect((box?.y ?? 0) + (box?.height ?? 0), name).toBeLessThanOrEqual(viewport.height);
        }
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
        info.annotations.push({ type: 'first screen', description: JSON.stringify(places) });
        console.log(
          `${viewport.width}×${viewport.height}, ${count} alert(s): ${JSON.stringify(places)}`,
        );
        // The toolbar first, as on every page; the hero after the person's own blocks.
        const toolbar = await top(page, page.getByRole('heading', { level: 1, name: 'Dashboard' }));
        expect(toolbar).toBeLessThan(places.greeting ?? 0);
        expect(await top(page, page.getByTestId('block-hero'))).toBeGreaterThan(
          await top(page, nextTask),
        );
        await expectNoAxeViolations(page);

        if (count === 3) {
          // The folded alerts are one click away, each with its own Mark read.
          await more.click();
          await expect(page.locator('.emergency-alert:visible')).toHaveCount(3);
          await expect(page.getByRole('button', { name: /^Mark read: / })).toHaveCount(3);
          await expectNoAxeViolations(page);
        }
      });
    }

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
