import { expect, test } from './server.js';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import { signInAs } from './sign-in.js';
import { startUpstreamServer } from './upstream-server.js';
import type { UpstreamServer } from './upstream-server.js';

/**
 * Set to true once the dashboard shows the event calendar block (the dashboard layout takes it as
 * a slot; it is wired in when the branches meet).
 */
const EVENT_CALENDAR_ON_DASHBOARD = true;

const signIn = (page: Page, next: string) => signInAs(page, 'Student', next);

for (const width of [390, 1280]) {
  test(`at ${width} px /community shows university events, group events and news, with axe clean`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, '/community');
    await expect(page.getByRole('heading', { level: 1, name: 'Community' })).toBeVisible();
    await expect(page).toHaveTitle('Community · Campus Portal');
    const university = page.getByRole('region', { name: 'University events' });
    await expect(university.getByRole('article')).toHaveCount(12);
    const groups = page.getByRole('region', { name: 'Campus group events' });
    await expect(groups.getByRole('article')).toHaveCount(12);
    await expect(groups.getByText('Officer Elections (members only)')).toHaveCount(0);
    const news = page.getByRole('region', { name: 'Campus group news' });
    await expect(news.getByRole('article')).toHaveCount(12);
    // Every external link opens in a new tab without handing over this page.
    for (const link of await university.getByRole('link').all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener');
    }
    await expect(
      university.getByRole('link', { name: /University events calendar/ }),
    ).toBeVisible();
    // Times are on the campus clock whatever zone the browser is in.
    await expect(university.locator('time').first()).toContainText(/ (PST|PDT)$/);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
  });
}

test('a student subscribes to their calendar, and a reset ends the old address', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, '/community');
  const field = page.getByLabel('Calendar link');
  const reset = page.getByRole('button', { name: 'Reset link', exact: true });
  // On a PostgreSQL store kept from an earlier run the student may already have a link, which this
  // server (another SESSION_SECRET) can no longer show: it offers a reset instead.
  const create = page.getByRole('button', { name: 'Create calendar link' });
  await expect(create.or(reset)).toBeVisible();
  if (await create.isVisible()) {
    await create.click();
  } else if (!(await field.isVisible())) {
    await expect(page.getByText(/can no longer be shown/)).toBeVisible();
    await reset.click();
    await page.getByRole('button', { name: 'Yes, reset link' }).click();
  }
  await expect(field).toHaveValue(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const first = await field.inputValue();

  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText(/Link copied/)).toBeVisible();
  await expectNoAxeViolations(page);

  const feed = await page.request.get(first);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
  const ics = await feed.text();
  expect(ics).toContain('BEGIN:VTIMEZONE');
  expect(ics).toContain('SUMMARY:CS 161: Introduction to Programming');

  await reset.click();
  await expect(reset).toHaveAttribute('aria-expanded', 'true');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Yes, reset link' }).click();
  await expect(field).not.toHaveValue(first);
  expect((await page.request.get(first)).status()).toBe(404);
  expect((await page.request.get(await field.inputValue())).status()).toBe(200);
});

test('the dashboard shows 2 events and a link to Community', async ({ page }) => {
  test.skip(!EVENT_CALENDAR_ON_DASHBOARD, 'the dashboard does not show the block yet');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, '/');
    const block = page.getByRole('region', { name: 'Event Calendar' });
    await expect(block.getByRole('article')).toHaveCount(2);
    await block.getByRole('link', { name: 'See all events in Community' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Community' })).toBeVisible();
    await expectNoAxeViolations(page);
  }
});

test.describe('with feeds from a university host', () => {
  // Next to the suite's own port, so runs on other ports do not meet on this one.
  const port = Number(process.env.E2E_PORT ?? 4180) + 102;
  let upstream: UpstreamServer;

  test.beforeAll(async () => {
    upstream = await startUpstreamServer(port);
  });
  test.afterAll(async () => {
    await upstream.stop();
  });

  for (const width of [390, 1280]) {
    test(`at ${width} px /community asks no other origin, logs no console error, and shows each card's image, or its text alone when it has none`, async ({
      page,
    }) => {
      const origin = new URL(upstream.base).origin;
      const elsewhere: string[] = [];
      const errors: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).origin !== origin) elsewhere.push(request.url());
      });
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${upstream.base}/auth/login?next=${encodeURIComponent('/community')}`);
      await page.getByRole('button', { name: 'Sign in as Student', exact: true }).click();
      for (const name of ['University events', 'Campus group events', 'Campus group news']) {
        await expect(page.getByRole('region', { name }).getByRole('article')).toHaveCount(12);
      }
      // News is a compact list: its items show neither.
      const cards = page.locator('.event-card:not(.event-card--compact)');
      const images = page.locator('img.event-card__image');
      await expect(images.first()).toBeVisible();
      // Half the sample's images are served: the cards without one are text alone, no placeholder.
      expect(await images.count()).toBeLessThan(await cards.count());
      await expect(page.locator('.event-card__placeholder')).toHaveCount(0);
      for (const image of await images.all()) {
        await image.scrollIntoViewIfNeeded();
        await expect(image).toHaveAttribute('src', /^\/api\/feed-images\/[\w-]{43}\?w=400$/);
        await expect
          .poll(() => image.evaluate((el: HTMLImageElement) => el.naturalWidth))
          .toBeGreaterThan(0);
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `test-results/community-images-${width}.png`, fullPage: true });
      expect(elsewhere).toEqual([]);
      expect(errors).toEqual([]);
      await expectNoAxeViolations(page);
    });
  }
});
