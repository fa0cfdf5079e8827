import { test as base } from '@playwright/test';
import type { ConsoleMessage, Page } from '@playwright/test';

/**
 * What the journeys of a page the server drew (issue 75: server-render.spec.ts,
 * server-render-next-steps.spec.ts) ask of it.
 */

/** A browser's navigation, as the server tells one from a script's call. */
const NAVIGATE = { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' };

/**
 * The page the server sends for `path` now, as a browser opening it: asked up to three times, as a
 * process's first render may be a cold one, sent undrawn.
 */
export async function drawn(page: Page, path: string, headers: Record<string, string> = {}) {
  for (let attempt = 0; ; attempt += 1) {
    const answer = await page.request.get(path, { headers: { ...NAVIGATE, ...headers } });
    const body = await answer.text();
    if (body.includes('id="server-render"') || attempt === 2) return { answer, body };
  }
}

/** Console errors and warnings, React's hydration reports among them. */
export const consoleProblems = (page: Page) => {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
};

/**
 * React's hydration reports among `problems` (its warnings and minified errors 418, 422, 423, 425),
 * and the app's own (src/lib/takeover.tsx).
 */
export const hydrationProblems = (problems: string[]) =>
  problems.filter((p) => /hydrat|#418|#422|#423|#425|could not be taken over/i.test(p));

/** The layout shift the page has had so far (the browser's own measure). */
export const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
            total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );

/**
 * Until the app has the page: at once on a page the browser drew, and on one the server drew once
 * the app has taken it over and handed over what was done before (`data-taken-over`, set by
 * public/theme.js). A journey about what the app does, rather than about the moments before it,
 * waits for this after each page the browser opens, as a person waits for a page to be ready.
 */
export async function untilTakenOver(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const html = document.documentElement;
    return !html.hasAttribute('data-drawn') || html.hasAttribute('data-taken-over');
  });
}

/** Until the page a sign-in lands on (anywhere but `/auth/`) is the app's (`untilTakenOver`). */
export async function untilSignedIn(page: Page): Promise<void> {
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
  await untilTakenOver(page);
}

/**
 * Playwright's `test` with each page's `goto` and `reload` waiting until the app has the page it
 * opened. A file about the moments before the takeover sets `test.use({ beforeTakeover: true })`.
 */
export const test = base.extend<{ beforeTakeover: boolean }>({
  beforeTakeover: [false, { option: true }],
  page: async ({ page, beforeTakeover, javaScriptEnabled }, provide) => {
    if (!beforeTakeover && javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => {
        const answer = await goto(...args);
        await untilTakenOver(page);
        return answer;
      };
      page.reload = async (...args) => {
        const answer = await reload(...args);
        await untilTakenOver(page);
        return answer;
      };
    }
    await provide(page);
  },
});

export { expect } from '@playwright/test';
