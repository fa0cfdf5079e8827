import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import { expect, test } from './server.js';
import { signInAs } from './sign-in.js';

/**
 * "Install the app" (issue 44 item 2): where the browser offers to install the portal, Account has
 * a section with the button and the account menu an item that prompts at once; nowhere else is anything
 * shown. Chromium's offer (`beforeinstallprompt`) is stood in for: an `Event` of that type with
 * `prompt` (counted) and `userChoice` defined on it, dispatched as the page finishes parsing (after
 * public/theme.js, before the app's scripts run: deferred and module scripts run after the
 * `interactive` readystatechange), as Chromium often fires it. The page records whether the offer
 * was cancelled (the browser's own prompt, never shown unasked) and how often it prompted.
 */
function offerBeforeTheAppLoads(page: Page, outcome: 'accepted' | 'dismissed') {
  return page.addInitScript((choice) => {
    const record = { cancelled: false, prompted: 0 };
    Object.defineProperty(window, '__installOffer', { value: record });
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const offer = new Event('beforeinstallprompt', { cancelable: true });
      Object.defineProperties(offer, {
        prompt: { value: async () => void (record.prompted += 1) },
        userChoice: { value: Promise.resolve({ outcome: choice, platform: 'web' }) },
      });
      window.dispatchEvent(offer);
      record.cancelled = offer.defaultPrevented;
    });
  }, outcome);
}

const offerRecord = (page: Page) =>
  page.evaluate(
    () => Reflect.get(window, '__installOffer') as { cancelled: boolean; prompted: number },
  );

const section = (page: Page) => page.getByRole('region', { name: 'Install the app' });
const installButton = (page: Page) => page.getByRole('button', { name: 'Install the app' });
const accountLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: 'Account' });
const menuItem = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Your account' })
    .getByRole('link', { name: 'Install the app' });

/** The account menu: behind the Menu button on a phone, always shown on a laptop. */
async function openAccountMenu(page: Page, width: number) {
  if (width < 800) await page.getByRole('button', { name: 'Menu' }).click();
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('with the browser’s offer, Account and the menu offer to install; the press prompts once and, accepted, the action is gone', async ({
      page,
    }, testInfo) => {
      // Three axe runs and six screenshots.
      test.setTimeout(120_000);
      await offerBeforeTheAppLoads(page, 'accepted');
      await signInAs(page, 'Student', '/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Never prompt unasked: the browser's own prompt is cancelled, and nothing has prompted.
      expect(await offerRecord(page)).toEqual({ cancelled: true, prompted: 0 });

      await openAccountMenu(page, width);
      await expect(menuItem(page)).toBeVisible();
      await expectNoAxeViolations(page);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: testInfo.outputPath(`install-menu-${width}-${scheme}.png`) });
      }
      await page.emulateMedia({ colorScheme: 'light' });

      // Issue 57: the menu's item opens the browser's prompt on the first press, as Account's own
      // button does, and the page stays; accepted, a message says where the app is now.
      await menuItem(page).click();
      await expect.poll(async () => (await offerRecord(page)).prompted).toBe(1);
      await expect(
        page.getByText('Installed. Open it from your home screen or app list.'),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

      // Account's own section, with the offer the browser makes again on the next load.
      await page.goto('/account#install');
      await expect(section(page)).toContainText('Open the portal from your home screen');
      await expect(installButton(page)).toBeVisible();
      await expectNoAxeViolations(page);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await section(page).screenshot({
          path: testInfo.outputPath(`install-section-${width}-${scheme}.png`),
        });
      }
      await page.emulateMedia({ colorScheme: 'light' });
      expect((await offerRecord(page)).prompted).toBe(0);

      await installButton(page).click();
      await expect(section(page).getByRole('status')).toHaveText(
        'Installed. Open it from your home screen or app list.',
      );
      expect((await offerRecord(page)).prompted).toBe(1);
      await expect(installButton(page)).toHaveCount(0);
      await expect(section(page).getByRole('status')).toBeFocused();
      await openAccountMenu(page, width);
      await expect(accountLink(page)).toBeVisible();
      await expect(menuItem(page)).toBeHidden();
      await expectNoAxeViolations(page);
      await section(page).screenshot({
        path: testInfo.outputPath(`install-installed-${width}.png`),
      });
    });

    test('without the browser’s offer, neither Account nor the menu shows anything of it', async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await signInAs(page, 'Student', '/account');
      await expect(page.getByRole('region', { name: 'Communication preferences' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Coursework calendar' })).toBeVisible();
      await expect(section(page)).toHaveCount(0);
      await expect(installButton(page)).toHaveCount(0);
      await openAccountMenu(page, width);
      await expect(accountLink(page)).toBeVisible();
      await expect(menuItem(page)).toBeHidden();
      await expectNoAxeViolations(page);
    });
  });
}

test('an offer that comes after the page loaded shows the section; dismissed, the button stays with focus', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInAs(page, 'Student', '/account');
  await expect(page.getByRole('region', { name: 'Communication preferences' })).toBeVisible();
  await expect(section(page)).toHaveCount(0);
  await page.evaluate(() => {
    const record = { prompted: 0 };
    Object.defineProperty(window, '__installOffer', { value: record });
    const offer = new Event('beforeinstallprompt', { cancelable: true });
    Object.defineProperties(offer, {
      prompt: { value: async () => void (record.prompted += 1) },
      userChoice: { value: Promise.resolve({ outcome: 'dismissed', platform: 'web' }) },
    });
    window.dispatchEvent(offer);
  });
  await expect(installButton(page)).toBeVisible();
  await expect(menuItem(page)).toBeVisible();
  await installButton(page).click();
  await expect.poll(async () => (await offerRecord(page)).prompted).toBe(1);
  await expect(installButton(page)).toBeFocused();
  await expect(installButton(page)).toHaveAttribute('aria-disabled', 'false');
  // The used offer cannot prompt again: the menu's item waits for the browser to offer again.
  await expect(menuItem(page)).toBeHidden();
  await expectNoAxeViolations(page);
});
