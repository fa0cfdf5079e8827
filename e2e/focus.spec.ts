import { expect, test } from './server.js';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import { signInAs } from './sign-in.js';

/**
 * Issue 28: focus is never lost. Each journey is driven by the keyboard and reads
 * `document.activeElement` after every step.
 */

/** What has focus: its tag, accessible label or text, and whether it is the page's body. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return {
      tag: el?.tagName ?? '',
      label: el?.getAttribute('aria-label') ?? '',
      text: (el?.textContent ?? '').trim().slice(0, 80),
      body: el === document.body,
    };
  });

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('closing a post modal with Escape or Close returns focus to the button that opened it', async ({
      page,
    }) => {
      await signInAs(page, 'Student');
      const opener = page.getByRole('button', { name: 'See clinic hours' }).first();
      const dialog = page.getByRole('dialog', { name: 'Flu clinic hours' });
      // The person's own arrangement (a chunk of its own) takes over from the spec's layout when it
      // arrives, drawing the blocks anew: start once it stands, as a reader who has tabbed there.
      await expect(page.getByRole('button', { name: 'Customise' })).toBeVisible();
      await opener.focus();
      await page.keyboard.press('Enter');
      await expect(dialog).toBeVisible();
      expect((await focused(page)).tag).toBe('DIALOG');
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      expect(await focused(page)).toMatchObject({ tag: 'BUTTON', text: 'See clinic hours' });

      await page.keyboard.press('Enter');
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Close' }).focus();
      await page.keyboard.press('Enter');
      await expect(dialog).toHaveCount(0);
      expect(await focused(page)).toMatchObject({ tag: 'BUTTON', text: 'See clinic hours' });
    });

    test('dismissing a banner line moves focus to the next line', async ({ page }) => {
      await signInAs(page, 'Student');
      const banner = page.getByRole('region', { name: 'Messages for you' });
      // The first line, whichever it is (a student's hold line leads; a message dismissed at one
      // width stays read at the next): focus goes to the line after it.
      const first = banner.locator('li').first();
      const second = (await banner.locator('li').nth(1).innerText()).split('\n')[0] ?? '';
      const dismissed = (await first.innerText()).split('\n')[0] ?? '';
      expect(second).not.toBe('');
      await first.getByRole('button', { name: /^Dismiss: / }).focus();
      await page.keyboard.press('Enter');
      await expect(banner.getByText(dismissed, { exact: true })).toHaveCount(0);
      const now = await focused(page);
      expect(now.tag).toBe('LI');
      expect(now.text).toContain(second);
      // The focused line is the first one on screen, inside the viewport.
      const box = await banner.locator('li:focus').boundingBox();
      expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
      expect(box?.y ?? 901).toBeLessThan(900);
    });
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu closes on Escape and focus returns to its Menu button', async ({ page }) => {
    await signInAs(page, 'Student');
    // The app's own frame, not the first paint's placeholder (whose Menu button is disabled).
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const academics = page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', {
      name: 'Academics',
    });
    await expect(academics).toBeVisible();
    await page.keyboard.press('Tab');
    expect((await focused(page)).body).toBe(false);
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(academics).toBeHidden();
    expect(await focused(page)).toMatchObject({ tag: 'BUTTON', text: 'Menu' });
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the Safety menu closes on Escape and focus returns to its button', async ({ page }) => {
    await signInAs(page, 'Student');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const toggle = page.getByRole('button', { name: 'Safety' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(await focused(page)).toMatchObject({ tag: 'BUTTON', text: 'Safety' });
  });

  test('dismissing every banner line by keyboard moves focus line by line, then to the banner heading', async ({
    page,
  }) => {
    await signInAs(page, 'Student worker');
    const banner = page.getByRole('region', { name: 'Messages for you' });
    const dismiss = banner.getByRole('button', { name: /^Dismiss:/ });
    await expect(dismiss.first()).toBeVisible();
    const more = banner.getByRole('button', { name: /^Show \d+ more$/ });
    if (await more.count()) {
      await more.focus();
      await page.keyboard.press('Enter');
    }
    let left = await dismiss.count();
    expect(left).toBeGreaterThan(0);
    while (left > 0) {
      await dismiss.first().focus();
      await page.keyboard.press('Enter');
      await expect(dismiss).toHaveCount(left - 1);
      left -= 1;
      const now = await focused(page);
      expect(now.body).toBe(false);
      expect(now.tag).toBe(left > 0 ? 'LI' : 'H2');
    }
    expect((await focused(page)).text).toBe('Messages for you');
    await expect(banner.getByText('Nothing more for you here.')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
