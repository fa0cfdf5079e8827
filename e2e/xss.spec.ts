import { expect, test } from './server.js';
import type { Page } from '@playwright/test';
import { HTML_POLICY, passesUrlRule } from '../contract/html-policy.js';
import { xssVectors } from '../tests/fixtures/xss-vectors.js';
import { expectNoAxeViolations } from './axe.js';
import { signInAs } from './sign-in.js';

/** DOMPurify's chunk (src/lib/html.ts), not the small shared policy's (`html-policy-<hash>.js`). */
const isDomPurifyChunk = (url: string) =>
  /\/assets\/html-(?!policy-)[\w-]+\.js$/.test(new URL(url).pathname);

/** What the posts' bodies hold that the shared policy does not allow: tags, attributes, URLs. */
async function outsidePolicy(page: Page): Promise<string[]> {
  const rendered = await page.locator('.post-body *').evaluateAll((elements) =>
    elements.map((element) => ({
      tag: element.localName,
      attributes: [...element.attributes].map(({ name, value }) => ({ name, value })),
    })),
  );
  return rendered.flatMap(({ tag, attributes }) => [
    ...(HTML_POLICY.ALLOWED_TAGS.includes(tag) ? [] : [`<${tag}>`]),
    ...attributes
      .filter(
        ({ name, value }) =>
          !HTML_POLICY.ALLOWED_ATTR.includes(name) || !passesUrlRule(name, value),
      )
      .map(({ name, value }) => `<${tag} ${name}="${value}">`),
  ]);
}

/**
 * The filter-evasion vectors, rendered by the portal in Chromium as if a page held them unsanitised
 * (the answer is replaced on its way): the browser's own pass of the shared policy must stop them
 * all, under the unchanged CSP, both with Chromium's HTML Sanitizer API and, as in a browser
 * without it, with DOMPurify. Each vector would set window.__xss or open a dialog.
 */
// The journeys stand in for the page's answers with page.route, which a service worker's fetches
// would go around: the portal's worker (issue 44) stays out of this file.
test.use({ serviceWorkers: 'block' });

for (const sanitiser of ['the HTML Sanitizer API', 'DOMPurify'] as const) {
  test(`no filter-evasion vector runs script in the portal, sanitised by ${sanitiser}`, async ({
    page,
  }) => {
    if (sanitiser === 'DOMPurify') {
      // A browser that has not shipped the current Sanitizer API.
      await page.addInitScript(() => Reflect.deleteProperty(Document, 'parseHTML'));
    }
    const chunks: string[] = [];
    page.on('request', (request) => {
      if (isDomPurifyChunk(request.url())) chunks.push(request.url());
    });
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

    const lastVector = page.getByRole('heading', { name: `Vector ${xssVectors.length}` });
    await expect(lastVector).toBeVisible();
    expect(await outsidePolicy(page)).toEqual([]);
    // Hover and click everything a vector might have hung a handler on.
    for (const el of await page.locator('.post-body *').all()) {
      await el.hover({ force: true, timeout: 500 }).catch(() => {});
    }
    const ran = () => page.evaluate(() => (window as unknown as { __xss?: number }).__xss);
    expect(await ran()).toBeUndefined();
    // Same-site links only: the network is closed, and a safe external link is not a risk. A link
    // that leaves the page is followed back, so the checks after the loop see the lab again.
    const links = page.locator('.post-body a:not([href^="http"])');
    for (let i = 0, count = await links.count(); i < count; i += 1) {
      await links
        .nth(i)
        .click({ timeout: 500 })
        .catch(() => {});
      expect(await ran()).toBeUndefined();
      if (new URL(page.url()).pathname !== '/xss-lab') {
        await page.goBack();
        await expect(lastVector).toBeVisible();
      }
    }
    // Until every request a vector could have started (an image's error, a prefetch) has ended, so
    // that any handler hung on its end has had its turn.
    await page.waitForLoadState('networkidle');
    await expect(lastVector).toBeVisible();
    expect(await outsidePolicy(page)).toEqual([]);
    expect(await ran()).toBeUndefined();
    expect(dialogs).toEqual([]);
    await expect(page.locator('.post-body script, .post-body iframe, .post-body svg')).toHaveCount(
      0,
    );
    await expect(page.locator('[href^="javascript:" i]')).toHaveCount(0);
    // The platform's sanitiser needs no download; DOMPurify is fetched only where it is missing.
    // (A link followed and Back may load the page, and the chunk, again.)
    expect(chunks.length > 0).toBe(sanitiser === 'DOMPurify');
    // The vectors' images have no alternative text: the authored content, not the portal's frame.
    await expectNoAxeViolations(page, { exclude: '.post-body' });
  });
}

/**
 * The stored posts are within the allow-list, so a browser without the Sanitizer API renders them
 * as the server stored them and never downloads DOMPurify (the first route's budget counts on it).
 */
test('without the HTML Sanitizer API, the dashboard renders its stored posts without fetching DOMPurify', async ({
  page,
}) => {
  await page.addInitScript(() => Reflect.deleteProperty(Document, 'parseHTML'));
  const chunks: string[] = [];
  page.on('request', (request) => {
    if (isDomPurifyChunk(request.url())) chunks.push(request.url());
  });
  await signInAs(page, 'Student');
  await expect(
    page.getByText('Register, check your holds and buy your books before classes begin.'),
  ).toBeVisible();
  expect(await outsidePolicy(page)).toEqual([]);
  await page.waitForLoadState('networkidle');
  expect(chunks).toEqual([]);
});
