import type { Page } from '@playwright/test';
import { axeViolations } from './axe.js';
import { expect, test } from './server.js';
import { signInAs } from './sign-in.js';

/**
 * The WCAG 2.2 A/AA criteria the conformance report had as "Not Evaluated" (issue 57), each with the
 * check named in the report: 2.5.8 Target Size and 2.5.3 Label in Name (axe's rules off by default),
 * 1.4.12 Text Spacing (the criterion's own override), 2.4.11 Focus Not Obscured (each focused control
 * is what the screen shows at its place).
 */
const pages = ['/', '/academics', '/account', '/community', '/next-steps/task'];

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

/** WCAG 1.4.12's spacing: line height 1.5, paragraphs 2 em apart, letters 0.12 em, words 0.16 em. */
const TEXT_SPACING = `* { line-height: 1.5 !important; letter-spacing: 0.12em !important;
  word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }`;

/** Text cut by a box that hides its overflow, and whether the page became wider than the screen. */
const cutText = (page: Page) =>
  page.evaluate(() => {
    const cut: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('main *, header *, nav *')) {
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const hides = style.overflowX === 'hidden' || style.overflowY === 'hidden';
      if (!hides || !el.textContent?.trim()) continue;
      // Text for screen readers only (a 1 px box clipped away) is hidden by design.
      if (el.clientWidth <= 1 && el.clientHeight <= 1) continue;
      if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) {
        cut.push(`${el.tagName.toLowerCase()}.${String(el.className)}`);
      }
    }
    return {
      cut,
      wider: document.documentElement.scrollWidth > document.documentElement.clientWidth,
    };
  });

/** Focus walked with Tab: each focused control that something else covers at its centre. */
const obscuredByTab = (page: Page, presses: number) =>
  (async () => {
    const hidden: string[] = [];
    for (let i = 0; i < presses; i += 1) {
      await page.keyboard.press('Tab');
      const found = await page.evaluate(() => {
        const focused = document.activeElement;
        if (!(focused instanceof HTMLElement) || focused === document.body) return null;
        const r = focused.getBoundingClientRect();
        if (r.width === 0 || r.bottom < 0 || r.top > window.innerHeight) return null;
        const x = Math.min(Math.max(r.left + r.width / 2, 0), window.innerWidth - 1);
        const y = Math.min(Math.max(r.top + r.height / 2, 0), window.innerHeight - 1);
        const top = document.elementFromPoint(x, y);
        if (!top || focused.contains(top) || top.contains(focused)) return null;
        return `${focused.tagName.toLowerCase()} "${(focused.textContent ?? '').trim().slice(0, 30)}" under ${top.tagName.toLowerCase()}.${String(top.className)}`;
      });
      if (found) hidden.push(found);
    }
    return hidden;
  })();

for (const width of [390, 1280]) {
  test(`at ${width} px: targets of at least 24 px and labels in names (axe's target-size and label-content-name-mismatch), text spacing without cut text, focus never hidden`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 844 });
    await signInAs(page, 'Student');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const found: Record<string, unknown> = {};
    for (const path of pages) {
      await open(page, path);
      const axe = (await axeViolations(page, { wcag22: true }))
        .filter((v) => v.id === 'target-size' || v.id === 'label-content-name-mismatch')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 80)).join(' | ')}`);
      const hidden = await obscuredByTab(page, 25);
      // A constructed style sheet, as a reader's text-spacing bookmarklet applies it: the page's
      // Content-Security-Policy refuses inline <style>, not the CSS object model.
      await page.evaluate((css) => {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(css);
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      }, TEXT_SPACING);
      const spacing = await cutText(page);
      if (path === '/account') {
        await page.screenshot({ path: testInfo.outputPath(`text-spacing-account-${width}.png`) });
      }
      if (axe.length || hidden.length || spacing.cut.length || spacing.wider) {
        found[path] = { axe, hidden, spacing };
      }
    }
    expect(found).toEqual({});
  });
}
