import { expect, test } from './server.js';
import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import { signInAs } from './sign-in.js';

/**
 * Account → People you share with by keyboard alone at 390 px (issue 87): what a press opens takes
 * focus (Share with someone's form, Change's form, Stop sharing's question), and closing it (Cancel,
 * a save, Keep sharing) gives focus back to the control that opened it; once sharing stopped, focus
 * is on the row's heading. At each step `document.activeElement` is read, and it is never outside
 * the section (a notice elsewhere). axe finds nothing with each part open.
 */
test.use({ viewport: { width: 390, height: 844 } });

const WHO = 'Luis Ortega';
const EMAIL = 'luis.ortega@example.com';

/** What holds focus now: its tag and accessible words, and whether it is inside `#shares`. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const e = document.activeElement;
    const label = e instanceof HTMLInputElement ? (e.labels?.[0]?.textContent ?? '') : '';
    return {
      tag: e?.tagName.toLowerCase() ?? '',
      words: (e?.getAttribute('aria-label') ?? label) || (e?.textContent ?? '').trim(),
      inSection: e?.closest('#shares') !== null,
    };
  });

/** Focus is on `target`, read from `document.activeElement`, inside the section. */
async function expectFocusOn(page: Page, target: Locator) {
  await expect(target).toBeFocused();
  expect(await target.evaluate((e) => e === document.activeElement)).toBe(true);
  expect((await focused(page)).inSection, 'focus is in People you share with').toBe(true);
}

/** Presses Tab until `target` holds focus (at most 60 presses). */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 60; i += 1) {
    if (await target.evaluate((e) => e === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached it; focus is on ${JSON.stringify(await focused(page))}`);
}

test('sharing by keyboard at 390 px: each part opened takes focus and gives it back to its control; stopping leaves it on the row', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, 'Student', '/account');
  const section = page.locator('#shares');
  const share = section.getByRole('button', { name: 'Share with someone' });

  // Share with someone: its form takes focus on its first field; Cancel gives it back.
  await tabTo(page, share);
  await page.keyboard.press('Enter');
  await expectFocusOn(page, section.getByLabel('Their name'));
  await expectNoAxeViolations(page);
  await tabTo(page, section.getByRole('button', { name: 'Cancel' }));
  await page.keyboard.press('Enter');
  await expectFocusOn(page, share);

  // Shared: focus is back on Share with someone, the section says so.
  await page.keyboard.press('Enter');
  await page.keyboard.type(WHO);
  await page.keyboard.press('Tab');
  await page.keyboard.type(EMAIL);
  await tabTo(page, section.getByLabel('Finances and holds'));
  await page.keyboard.press('Space');
  await tabTo(page, section.getByRole('button', { name: 'Share', exact: true }));
  await page.keyboard.press('Enter');
  await expect(
    page.getByText('Invitation sent. They are told by email, and so are you.'),
  ).toBeVisible();
  await expectFocusOn(page, share);

  const row = section.getByRole('listitem').filter({ hasText: EMAIL });
  const change = row.getByRole('button', { name: 'Change', exact: true });
  await expect(row.getByText('Shared: Finances and holds')).toBeVisible();

  // Change: its form takes focus on its first field; Cancel gives it back to Change.
  await tabTo(page, change);
  await page.keyboard.press('Enter');
  await expectFocusOn(page, row.getByRole('checkbox').first());
  await expectNoAxeViolations(page);
  await tabTo(page, row.getByRole('button', { name: 'Cancel' }));
  await page.keyboard.press('Enter');
  await expectFocusOn(page, change);

  // Change saved: focus is back on Change, the change shown.
  await page.keyboard.press('Enter');
  await tabTo(page, row.getByLabel('Academics', { exact: false }).first());
  await page.keyboard.press('Space');
  await tabTo(page, row.getByRole('button', { name: 'Save the change' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Saved. They are told by email, and so are you.')).toBeVisible();
  await expect(row.getByText(/^Shared: Finances and holds.+Academics/)).toBeVisible();
  await expectFocusOn(page, change);

  // Stop sharing: its question takes focus; Keep sharing gives it back; stopped, the row's heading.
  const stop = row.getByRole('button', { name: 'Stop sharing', exact: true });
  const stopIt = row.getByRole('button', { name: `Stop sharing with ${WHO}` });
  await page.keyboard.press('Tab');
  await expectFocusOn(page, stop);
  await page.keyboard.press('Enter');
  await expectFocusOn(page, stopIt);
  await expect(stopIt).toBeInViewport();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Tab');
  await expectFocusOn(page, row.getByRole('button', { name: 'Keep sharing' }));
  await page.keyboard.press('Enter');
  await expectFocusOn(page, stop);
  await page.keyboard.press('Enter');
  await expectFocusOn(page, stopIt);
  await page.keyboard.press('Enter');
  await expect(
    page.getByText('Sharing stopped. They are told by email, and so are you.'),
  ).toBeVisible();
  await expect(row.getByText('Stopped', { exact: true })).toBeVisible();
  const heading = row.getByRole('heading', { name: `${WHO} · ${EMAIL}` });
  await expectFocusOn(page, heading);
  await expect(heading).toBeInViewport();
  expect(await focused(page)).toMatchObject({ tag: 'h3', words: `${WHO} · ${EMAIL}` });
  await expectNoAxeViolations(page);
});
