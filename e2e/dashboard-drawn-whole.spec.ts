import type { Browser } from '@playwright/test';
import { expect, test } from './server.js';
import { signInAs } from './sign-in.js';

/**
 * Issue 87: with JavaScript off, the dashboard the server draws holds every block portal.md §2 lists
 * for the student at 1280 px, whether the browser never told its width (a browser that runs no
 * script never does: the page drawn for a phone, in one column) or told it on an earlier visit (the
 * two columns). Nothing is left blank for blocks a script would have drawn.
 */
const STUDENT_BLOCKS = [
  'block-hero',
  'block-banner',
  'block-toolbar',
  'block-profile-summary',
  'block-todays-classes',
  'block-general-resources',
  'block-event-calendar',
  'block-financial-promos',
  'block-other-promos',
  'block-school-tools',
  'block-whats-new',
  'block-video',
  'block-my-next-steps',
  'block-basic-html',
];

async function withoutScripts(browser: Browser, baseURL: string, toldWidth: boolean) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 900 },
    javaScriptEnabled: false,
  });
  if (toldWidth) await context.addCookies([{ name: 'portal_wide', value: '2', url: baseURL }]);
  const page = await context.newPage();
  await signInAs(page, 'Student', '/', false);
  // A process's first render may be a cold one, sent undrawn: the next is drawn.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await page.goto('/');
    if (await page.getByText('Hello Ana').isVisible()) break;
  }
  await expect(page.getByText('Hello Ana')).toBeVisible();
  return page;
}

for (const toldWidth of [false, true]) {
  test(`with JavaScript off at 1280 px (${toldWidth ? 'the width told before' : 'the width never told'}) the drawn dashboard shows every block of the student's, no blank placeholder`, async ({
    browser,
    baseURL,
  }) => {
    const page = await withoutScripts(browser, baseURL!, toldWidth);
    const visible = await page
      .locator('[data-testid^="block-"]')
      .evaluateAll((els) =>
        els
          .filter((el) => (el as HTMLElement).offsetParent !== null)
          .map((el) => el.getAttribute('data-testid') ?? ''),
      );
    expect([...new Set(visible)].sort()).toEqual([...STUDENT_BLOCKS].sort());
    await expect(page.locator('.later')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Upcoming Tasks' })).toBeVisible();
    // Two columns when the width was told; the phone's one column, as wide as the page, otherwise.
    await expect(page.locator('.dashboard__columns > .dashboard__column')).toHaveCount(
      toldWidth ? 2 : 1,
    );
    await page.screenshot({
      path: test
        .info()
        .outputPath(`dashboard-no-scripts-1280-${toldWidth ? 'told' : 'untold'}.png`),
      fullPage: true,
    });
    await page.context().close();
  });
}
