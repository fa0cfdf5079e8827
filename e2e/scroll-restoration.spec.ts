import { expect, test } from './server.js';
import type { Page, Route } from '@playwright/test';
import { signInAs } from './sign-in.js';

// Two of these journeys fail now and then on two cores, cause not found yet (issue 61's note): "the
// student scrolling while the page loads" about one run in eight (the page stays down after the
// wheel to the top, or the loading state is over before the wheel), "Back to a long page" more
// rarely (its loading state gone before the check). Two retries here, not one, until it is.
test.describe.configure({ retries: 2 });

// portal.md §2 step 7 on a phone: the hash anchor if there is one, else the saved position, else the
// top — and the saved position is where the page was once its content has loaded, not as far as the
// spinners reach.
test.use({ viewport: { width: 390, height: 844 } });

const signIn = (page: Page, next: string) => signInAs(page, 'Student', next);

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** From now on, every SIS answer arrives `ms` late: a page's sections settle after its first render. */
async function slowSis(page: Page, ms: number) {
  await page.route('**/api/integrations/**', async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

/**
 * Scrolls to the foot of the page as a person would (the wheel), again while the page still grows
 * (a section arriving late makes it longer after a turn of the wheel reached the old foot), until
 * it is there.
 */
async function scrollToBottom(page: Page): Promise<number> {
  await page.mouse.move(195, 400);
  const bottom = () =>
    page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  await expect
    .poll(async () => {
      await page.mouse.wheel(0, 100_000);
      return (await scrollY(page)) - (await bottom());
    })
    .toBe(0);
  return scrollY(page);
}

/** The footer's own link to a portal page: in view at the foot of the page, so nothing scrolls. */
const footerLink = (page: Page, name: string) =>
  page.getByRole('contentinfo').getByRole('link', { name, exact: true });

const settled = async (page: Page) => {
  await expect(page.locator('.loading')).toHaveCount(0);
};

/** /academics with its last section (the advisors) loaded. */
const advisorsShown = (page: Page) =>
  expect(page.getByRole('region', { name: 'Advisors' }).getByText('Linh Nguyen')).toBeVisible();

/**
 * Leaves for Finances by the footer (nothing scrolls) and comes Back to `back`. With `reload`, the
 * student reloads Finances first, so the router keeps no answers of the page they come back to:
 * its sections are read again and arrive late.
 */
async function financesAndBack(page: Page, back: RegExp, { reload = false } = {}) {
  const finances = page.getByRole('heading', { level: 1, name: 'Finances' });
  await footerLink(page, 'Finances').click();
  await expect(finances).toBeVisible();
  if (reload) {
    await page.reload();
    await expect(finances).toBeVisible();
  }
  await page.goBack();
  await expect(page).toHaveURL(back);
}

test('Back to a long page lands where the student was, once its late sections have loaded', async ({
  page,
}) => {
  await signIn(page, '/academics');
  await advisorsShown(page);
  await settled(page);
  const saved = await scrollToBottom(page);
  // Far down: further than the page reaches while its sections still show their spinners.
  expect(saved).toBeGreaterThan(3000);

  await slowSis(page, 800);
  // Back within the five minutes the route keeps its answers: the page as it was, where it was.
  await financesAndBack(page, /\/academics$/);
  await advisorsShown(page);
  await expect(page.locator('.loading')).toHaveCount(0);
  await expect.poll(() => scrollY(page)).toBeGreaterThanOrEqual(saved - 3);

  await financesAndBack(page, /\/academics$/, { reload: true });
  await expect(page.locator('.loading').first()).toBeVisible();
  await advisorsShown(page);
  await settled(page);
  await expect.poll(() => scrollY(page)).toBeGreaterThanOrEqual(saved - 3);
  expect(await scrollY(page)).toBeLessThanOrEqual(saved + 3);
});

test('the student scrolling while the page loads keeps their own position', async ({ page }) => {
  await signIn(page, '/academics');
  await advisorsShown(page);
  await settled(page);
  await scrollToBottom(page);

  await slowSis(page, 1500);
  await financesAndBack(page, /\/academics$/, { reload: true });
  // The student scrolls back to the top before the sections arrive: the page stays there.
  await expect(page.locator('.loading').first()).toBeVisible();
  await page.mouse.wheel(0, -100_000);
  await expect.poll(() => scrollY(page)).toBe(0);
  await advisorsShown(page);
  await settled(page);
  expect(await scrollY(page)).toBe(0);
});

test('Back to an address with a hash brings its anchor into view, not the saved position', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 420 });
  await signIn(page, '/');
  await slowSis(page, 800);
  await page.getByRole('link', { name: 'View more about holds' }).click();
  await expect(page).toHaveURL(/\/account#holds$/);
  await expect(page.getByText('Registration Hold')).toBeVisible();
  const holds = page.getByRole('heading', { name: 'Holds' });
  await expect(holds).toBeInViewport();

  await settled(page);
  await scrollToBottom(page);
  await expect(holds).not.toBeInViewport();
  await financesAndBack(page, /\/account#holds$/);
  await expect(page.getByText('Registration Hold')).toBeVisible();
  await settled(page);
  await expect(holds).toBeInViewport();
});

for (const [width, persona] of [
  [390, 'Student'],
  [1280, 'Student'],
  [390, 'Staff'],
  [1280, 'Faculty'],
] as const) {
  test.describe(`at ${width} px as ${persona}`, () => {
    test.use({ viewport: { width, height: width < 500 ? 844 : 900 } });

    for (const delay of [0, 800]) {
      test(`navigation guard rule 7: Back to a scrolled dashboard lands on the saved position, not 180–540 px off${delay ? ', its blocks arriving late' : ''}`, async ({
        page,
      }) => {
        await signInAs(page, persona, '/');
        // The person's own arrangement has arrived and the blocks have loaded.
        await expect(page.getByRole('button', { name: 'Customise' })).toBeVisible();
        await settled(page);
        await page.waitForLoadState('networkidle');
        await page.mouse.move(width / 2, 500);
        await page.mouse.wheel(0, 1500);
        // Until the scroll has ended: 1500 px down, or the foot of the page if it is nearer.
        const end = await page.evaluate(() =>
          Math.min(1500, document.documentElement.scrollHeight - window.innerHeight),
        );
        expect(end).toBeGreaterThan(1000);
        await expect.poll(() => scrollY(page)).toBe(end);
        const saved = await scrollY(page);

        if (delay) await slowSis(page, delay);
        // To another page without scrolling: the footer's link, focused where it is, and Enter.
        await footerLink(page, 'Finances').evaluate((a) =>
          (a as HTMLElement).focus({ preventScroll: true }),
        );
        expect(await scrollY(page)).toBe(saved);
        await page.keyboard.press('Enter');
        await expect(page.getByRole('heading', { level: 1, name: 'Finances' })).toBeVisible();
        await page.goBack();
        await expect(page).toHaveURL(/\/$/);
        await expect(page.getByRole('button', { name: 'Customise' })).toBeVisible();
        await settled(page);
        await page.waitForLoadState('networkidle');
        // Every block has loaded and no read is outstanding: nothing can move the page any more once
        // it is where it goes.
        await expect
          .poll(async () => Math.abs((await scrollY(page)) - saved))
          .toBeLessThanOrEqual(3);
      });
    }
  });
}
