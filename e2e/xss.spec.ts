import { expect, test } from '@playwright/test';
import { xssVectors } from '../tests/fixtures/xss-vectors.js';
import { expectNoAxeViolations } from './axe.js';

/**
 * The filter-evasion vectors, rendered by the portal in Chromium as if a page held them unsanitised
 * (the answer is replaced on its way): the browser's own pass of the shared policy must stop them
 * all, under the unchanged CSP. Each vector would set window.__xss or open a dialog.
 */
test('no filter-evasion vector runs script in the portal', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const posts = xssVectors.map((body, i) => ({
    pk: i + 1,
    post_type: 'basic_html',
    title: `Vector ${i + 1}`,
    slug: `vector-${i + 1}`,
    body,
    category: null,
    image: null,
    thumbnail_image: null,
    medium_image: null,
    large_image: null,
    action_link: i % 2 ? 'javascript:window.__xss=1' : `#modal:vector-${i}`,
    link_text: `Link ${i + 1}`,
    hide_text: false,
    publishing_opens_on: null,
    links: [
      { url: 'javascript:window.__xss=1', link_text: 'Bad', description: '', icon_class: '' },
    ],
  }));
  await page.route('**/api/pages?path=%2Fxss-lab', (route) =>
    route.fulfill({
      json: {
        path: '/xss-lab',
        slug: 'xss-lab',
        published: true,
        preview: false,
        preview_as: null,
        posts,
      },
    }),
  );
  await page.goto(`/auth/login?next=${encodeURIComponent('/xss-lab')}`);
  const response = page.waitForResponse((r) => new URL(r.url()).pathname === '/xss-lab');
  await page.getByRole('button', { name: 'Sign in as Student', exact: true }).click();
  const csp = (await response).headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).toMatch(/frame-src 'self' https:\/\/www\.youtube-nocookie\.com(;|$)/);

  await expect(page.getByRole('heading', { name: `Vector ${xssVectors.length}` })).toBeVisible();
  // Hover and click everything a vector might have hung a handler on.
  for (const el of await page.locator('.post-body *').all()) {
    await el.hover({ force: true, timeout: 500 }).catch(() => {});
  }
  // Same-page links only: the network is closed, and a safe external link is not a risk.
  for (const link of await page.locator('.post-body a:not([href^="http"])').all()) {
    await link.click({ timeout: 500, noWaitAfter: true }).catch(() => {});
    if (new URL(page.url()).pathname !== '/xss-lab') await page.goBack();
  }
  await page.waitForTimeout(500);
  expect(
    await page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
  ).toBeUndefined();
  expect(dialogs).toEqual([]);
  await expect(page.locator('.post-body script, .post-body iframe, .post-body svg')).toHaveCount(0);
  await expect(page.locator('[href^="javascript:" i]')).toHaveCount(0);
  await expectNoAxeViolations(page);
});
