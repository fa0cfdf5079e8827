import { expect, test } from './server.js';
import type { Page } from '@playwright/test';
import { signInAs } from './sign-in.js';

/**
 * Issue 43 item 4: at 320 px nothing runs past the viewport's right edge and no heading breaks a
 * word in two; at 1280 the toolbar's search, bell and image stay on the title's row.
 */

interface Overflow {
  overflowing: string[];
  split: string[];
}

/** What runs past the viewport (outside any scroll box) and which heading words are split. */
async function overflowOf(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    const clipped = (el: Element) => {
      for (let up = el.parentElement; up; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (
          style.overflowX !== 'visible' &&
          up !== document.documentElement &&
          up !== document.body
        )
          return true;
      }
      return false;
    };
    const overflowing: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // Wholly off-screen is a visually hidden element (the skip link until focused), not overflow.
      if (box.right <= 0 || box.left >= width) continue;
      if ((box.right > width + 1 || box.left < -1) && !clipped(el)) overflowing.push(describe(el));
    }
    const split: string[] = [];
    for (const heading of document.querySelectorAll('h1, h2, h3, h4')) {
      if (heading.getBoundingClientRect().height === 0) continue;
      const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const word of text.matchAll(/\p{L}{2,}/gu)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (lines.size > 1) split.push(`${heading.tagName.toLowerCase()} "${word[0]}"`);
        }
      }
    }
    return { overflowing, split };
  });
}

const portalPages = [
  '/',
  '/academics',
  '/messages',
  '/finances',
  '/community',
  '/account',
  '/resources',
  '/whats-new',
];
/** The newest What's New post's address, as the What's New page links it. */
async function aPostPath(page: Page): Promise<string> {
  await page.goto('/whats-new');
  const link = page.locator('main a[href^="/whats-new/"]').first();
  await expect(link).toBeVisible();
  return (await link.getAttribute('href')) ?? '/whats-new';
}

const nextStepsPages = [
  '/next-steps/task',
  '/next-steps/task?show=bookmarks',
  '/next-steps/task?show=overdue',
];

for (const persona of ['Student', 'New student']) {
  test(`at 320 px no element of the ${persona.toLowerCase()}'s pages runs past the viewport and no heading word is split`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 320, height: 720 });
    await signInAs(page, persona);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const found: Record<string, Overflow> = {};
    const post = await aPostPath(page);
    for (const path of [...portalPages, post, ...nextStepsPages]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const result = await overflowOf(page);
      if (result.overflowing.length + result.split.length > 0) found[path] = result;
    }
    // A task's page too.
    await page.goto('/next-steps/task');
    await page.getByRole('list', { name: 'Tasks' }).getByRole('link').first().click();
    await expect(page.getByRole('article')).toBeVisible();
    const task = await overflowOf(page);
    if (task.overflowing.length + task.split.length > 0) found['a task'] = task;
    expect(found).toEqual({});
  });
}

test('at 1280 px the search box, the bell and the profile image stay on the title’s row on every portal page', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, 'Student');
  const post = await aPostPath(page);
  for (const path of [...portalPages, post]) {
    await page.goto(path);
    const toolbar = page.getByTestId('block-toolbar');
    const title = await toolbar.getByRole('heading', { level: 1 }).boundingBox();
    // The search box takes the field's place once the browser is idle (a new element): measured
    // after it has, since a field measured as it leaves the page has no box.
    const search = toolbar.getByRole('combobox', { name: 'Search the portal' });
    await expect(search).toBeVisible();
    for (const control of [
      search,
      toolbar.getByRole('link', { name: /^Messages/ }),
      toolbar.getByRole('link', { name: 'Account' }),
    ]) {
      const box = await control.boundingBox();
      expect(box, `${path}`).not.toBeNull();
      // On the title's row: their middles within the title's line box.
      const middle = (box?.y ?? 0) + (box?.height ?? 0) / 2;
      expect(middle, path).toBeGreaterThanOrEqual(title?.y ?? 0);
      expect(middle, path).toBeLessThanOrEqual((title?.y ?? 0) + (title?.height ?? 0));
    }
  }
});

/** Elements of `main` that run past its box (its padding is the gutter), not inside a scroll box. */
async function pastMain(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    if (!main) return ['no main'];
    const edge = main.getBoundingClientRect().right;
    const scrolls = (el: Element) => {
      for (let up = el.parentElement; up && up !== main; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') return true;
      }
      return false;
    };
    const past: string[] = [];
    for (const el of main.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.left >= window.innerWidth) continue;
      if (box.right > edge + 1 && !scrolls(el)) {
        past.push(`${el.tagName.toLowerCase()}.${String(el.className)} ${Math.round(box.right)}`);
      }
    }
    return past;
  });
}

test('/academics at 320 px keeps its 16 px gutters, the avatar whole; promo cards at 320 px without cut words', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 320, height: 720 });
  await signInAs(page, 'Student');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.goto('/academics');
  await expect(page.getByRole('heading', { level: 1, name: 'Academics' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await pastMain(page)).toEqual([]);
  // The toolbar (its avatar last) and every card end 16 px or more before the screen's edge.
  const rights = await page
    .locator('main .toolbar, main .toolbar img, main .acad-card')
    .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().right)));
  expect(rights.length).toBeGreaterThan(1);
  expect(rights.filter((right) => right > 320 - 16)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('academics-320.png') });

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Every word of a promo is whole: none runs past its card, none is cut by the card's edge.
  const cut = await page.evaluate(() => {
    const found: string[] = [];
    for (const card of document.querySelectorAll('.promo')) {
      const edge = card.getBoundingClientRect();
      const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const word of text.matchAll(/\p{L}{2,}/gu)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const rects = [...range.getClientRects()];
          const lines = new Set(rects.map((r) => Math.round(r.top)));
          const out = rects.some((r) => r.right > edge.right + 1 || r.left < edge.left - 1);
          if (lines.size > 1 || out) found.push(word[0]);
        }
      }
    }
    return found;
  });
  expect(cut).toEqual([]);
  await page.locator('.promo').first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('promo-320.png') });
});
