import { expect, test } from './server.js';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import { signInAs as signIn } from './sign-in.js';

/**
 * Every persona sees these (portal.md §2 with the sample content): the hero, the toolbar (with the
 * bell and the profile image), the profile summary, the content blocks and the event calendar.
 */
const everyone = [
  'block-hero',
  'block-toolbar',
  'block-profile-summary',
  'block-school-tools',
  'block-general-resources',
  'block-other-promos',
  'block-whats-new',
  'block-video',
  'block-basic-html',
  'block-event-calendar',
];
/** The banner area shows only when it has something to say: with the sample messages, every
 * persona but the faculty member (whose staff role is hidden, §6) has a banner message. */
const banner = 'block-banner';
/** §6: students see Today's Classes and the next-steps block. */
const studentOnly = ['block-todays-classes', 'block-my-next-steps'];
const staffContent = ['block-staff-promos', 'block-staff-resources'];

/** portal.md §2 and §6: exactly the blocks each persona may see. */
const personas: Array<[string, string[]]> = [
  ['Student', [...everyone, banner, ...studentOnly, 'block-financial-promos']],
  ['New student', [...everyone, banner, ...studentOnly]],
  ['Staff', [...everyone, banner, ...staffContent]],
  // A faculty primary role hides the secondary staff role (and with it the staff banner message).
  ['Faculty', [...everyone, 'block-faculty-resources']],
  ['Advisor', [...everyone, banner, ...staffContent, 'block-advisor-resources']],
  // Emeritus counts as faculty and also receives staff content.
  ['Emeritus faculty', [...everyone, banner, ...staffContent, 'block-faculty-resources']],
  // The student worker's primary role is student.
  ['Student worker', [...everyone, banner, ...staffContent, ...studentOnly]],
];

async function visibleBlocks(page: Page) {
  await expect(page.getByTestId('block-whats-new').getByRole('link').first()).toBeVisible();
  await expect(page.locator('.loading')).toHaveCount(0);
  // Every block is drawn: the ones after the first screen's come a task each after it.
  await expect(page.locator('.later')).toHaveCount(0);
  return page
    .locator('[data-testid^="block-"]:visible')
    .evaluateAll((els) => [...new Set(els.map((el) => el.getAttribute('data-testid') ?? ''))]);
}

for (const width of [390, 1280]) {
  test.describe(`the dashboard at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const [persona, expected] of personas) {
      test(`${persona} sees exactly the blocks §2 and §6 allow`, async ({ page }) => {
        await signIn(page, persona);
        await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
        expect((await visibleBlocks(page)).sort()).toEqual([...expected].sort());
        // The toolbar holds the message bell and the profile image, each a link (§2 Dashboard top).
        const toolbar = page.getByTestId('block-toolbar');
        await expect(toolbar.getByRole('link', { name: /^Messages/ })).toBeVisible();
        await expect(toolbar.getByRole('link', { name: 'Account' })).toBeVisible();
        // Blocks rendered for the other width are not there for screen readers either.
        const hidden = page.locator('.only-mobile, .only-desktop').filter({ visible: false });
        for (const block of await hidden.all()) {
          expect(await block.evaluate((el) => getComputedStyle(el).display)).toBe('none');
        }
        await expect(page).toHaveTitle('Dashboard · Campus Portal');
        await expectNoAxeViolations(page);
      });
    }

    test('the provisional account gets the provisional notice and no content', async ({ page }) => {
      await signIn(page, 'Provisional account');
      await expect(page.getByRole('dialog', { name: /Please log in with your/ })).toBeVisible();
      await expect(page.locator('[data-testid^="block-"]:visible')).toHaveCount(0);
    });

    test('the hero downloads only the image for this width', async ({ page }) => {
      const heroes: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/content/hero-')) heroes.push(new URL(r.url()).pathname);
      });
      await signIn(page, 'Student');
      await expect(page.getByTestId('block-hero').getByRole('img')).toBeVisible();
      expect(heroes).toEqual([
        width === 390 ? '/content/hero-medium.webp' : '/content/hero-original.webp',
      ]);
    });
  });
}
