import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { WIDTH_CLASS_FROM } from '../contract/first-answers.rules.js';
import { expectNoAxeViolations } from './axe.js';
import { consoleProblems, drawn, hydrationProblems, layoutShift } from './drawn-page.js';
import { startFileServer } from './server.js';
import type { FileServer } from './server.js';
import { signInAs } from './sign-in.js';

/**
 * Issue 75: the portal's dashboard arrives drawn by the server. The HTML the server sends already
 * holds the student's greeting, today's classes and their next task; with JavaScript off the page
 * reads fully and its links are real links; with it on, the browser takes the page over (React's
 * hydration) without a console warning, without drawing another state and without moving the page.
 * Its server has SERVER_RENDER on.
 */

let server: FileServer;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  // A shared test machine is slower than a server: the render's time is not what is tested here.
  server = await startFileServer('server-render', {
    SERVER_RENDER: 'on',
    SERVER_RENDER_MS: '15000',
  });
});
test.afterAll(async () => {
  await server?.stop();
});

/** The width class public/theme.js tells the server (contract/first-answers.rules.ts). */
const widthClass = (width: number) => WIDTH_CLASS_FROM.findLastIndex((from) => width >= from);

/** A signed-in student's page at `width`, scripts on or off. */
async function student(browser: Browser, width = 390, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width, height: 800 },
    javaScriptEnabled,
  });
  const page = await context.newPage();
  await signInAs(page, 'Student', '/', javaScriptEnabled);
  await expect(page.getByText('Hello Ana')).toBeVisible();
  return page;
}

/**
 * `path` as the server sends it, drawn and private, holding `texts`; then opened and taken over with
 * no hydration warning, no shift and the scripts note gone.
 */
async function drawnAndTakenOver(page: Page, path: string, heading: string, texts: string[]) {
  const { answer, body } = await drawn(page, path);
  expect(answer.headers()['cache-control']).toBe('private, no-store');
  expect(body).toContain('id="server-render"');
  for (const text of texts) expect(body).toContain(text);
  const problems = consoleProblems(page);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(hydrationProblems(problems)).toEqual([]);
  // Its inline stylesheets are allowed by the CSP: the browser refused none.
  expect(problems.filter((problem) => /Content Security Policy/i.test(problem))).toEqual([]);
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
  await expect(page.locator('#scripts-note')).toHaveCount(0);
}

test.describe('the dashboard drawn by the server (issue 75)', () => {
  test("the HTML holds the student's greeting, today's classes and their next task", async ({
    browser,
  }) => {
    const page = await student(browser);
    const { answer, body } = await drawn(page, '/');
    expect(answer.headers()['cache-control']).toBe('private, no-store');
    expect(body).toContain('Hello Ana');
    expect(body).toContain('Today&#x27;s Classes');
    expect(body).toContain('Submit your FAFSA');
  });

  for (const width of [320, 390, 1280]) {
    test(`at ${width} px the browser takes the page over with no hydration warning and no layout shift`, async ({
      browser,
    }) => {
      // Signing in, two page loads and axe: longer than a journey's default on a busy machine.
      test.slow();
      const page = await student(browser, width);
      // The sign-in page told the width: the server draws that layout, the two columns from 1024 px.
      const { body } = await drawn(page, '/');
      expect(body).toMatch(new RegExp(`<html [^>]*data-drawn="${widthClass(width)}"`));
      expect(body).toContain(width >= 1024 ? 'dashboard__columns' : 'dashboard__today');
      // The page is opened again, as a returning student does, and taken over as it was drawn.
      const problems = consoleProblems(page);
      await page.goto('/');
      await expect(page.getByText('Hello Ana')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.locator('html')).toHaveAttribute('data-drawn', String(widthClass(width)));
      expect(hydrationProblems(problems)).toEqual([]);
      expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
      await expectNoAxeViolations(page);
    });
  }

  test('a dashboard drawn wide and taken over follows the window to a phone’s width and back', async ({
    browser,
  }) => {
    const page = await student(browser, 1280);
    await drawn(page, '/');
    await page.goto('/');
    await expect(page.getByText('Hello Ana')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const today = page.locator('.dashboard__today');
    await expect(today).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 800 });
    await expect(today).toBeVisible();
    await expect(today.getByText('Hello Ana')).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(today).toHaveCount(0);
    await expect(page.getByText('Hello Ana')).toBeVisible();
  });

  test("Academics arrives drawn: the term, the student's classes and grades are in the HTML, taken over without a warning or a shift", async ({
    browser,
  }) => {
    const page = await student(browser);
    await drawnAndTakenOver(page, '/academics', 'Academics', [
      'Fall 2026',
      'Grades',
      'Mind and Brain',
    ]);
  });

  test("Messages arrives drawn: the student's unread messages are in the HTML, taken over without a warning or a shift, and Mark read works", async ({
    browser,
  }) => {
    const page = await student(browser);
    await drawnAndTakenOver(page, '/messages', 'Messages', ['Your advisor left you a note']);
    // Taken over: a button works.
    const unread = page.getByText(/^\d+ unread$/);
    const before = Number((await unread.textContent())?.split(' ')[0]);
    await page.getByRole('button', { name: 'Mark read: Your advisor left you a note' }).click();
    await expect(unread).toHaveText(`${before - 1} unread`);
  });

  for (const width of [390, 1280]) {
    test(`Account arrives drawn at ${width} px and is taken over without a warning or a shift: the profile as portal.md §9 opens it, the device's own settings after`, async ({
      browser,
    }) => {
      test.slow();
      const page = await student(browser, width);
      // A shortcut chosen on this device, which the server cannot know.
      await page.evaluate(() => localStorage.setItem('portal-search-shortcut', 'alt-slash'));
      await drawnAndTakenOver(page, '/account', 'Account', ['Registration Hold']);
      await expect(
        page.getByRole('button', {
          name: width >= 1200 ? 'Hide profile info' : 'Show profile info',
        }),
      ).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Keyboard shortcut to search' })).toHaveValue(
        'alt-slash',
      );
      // The device was checked by the browser: no longer "Checking this device…".
      await expect(page.getByText('Checking this device…')).toHaveCount(0);
      await expectNoAxeViolations(page);
    });
  }

  test('at 1280 px with the width never told, the page drawn for a phone is not shown: the browser draws its own without moving', async ({
    browser,
  }) => {
    const page = await student(browser, 1280);
    const problems = consoleProblems(page);
    await page.context().clearCookies({ name: 'portal_wide' });
    const { body } = await drawn(page, '/');
    expect(body).toMatch(/<html [^>]*data-drawn="0"/);
    await page.context().clearCookies({ name: 'portal_wide' });
    await page.goto('/');
    await expect(page.getByText('Hello Ana')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('html')).not.toHaveAttribute('data-drawn', 'stale');
    expect(hydrationProblems(problems)).toEqual([]);
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
    // Taken over: the note that the scripts had not loaded is gone.
    await expect(page.locator('#scripts-note')).toHaveCount(0);
  });

  test('with JavaScript off the dashboard reads fully and its links work', async ({ browser }) => {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 390, height: 800 },
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await signInAs(page, 'Student', '/', false);
    // A process's first render may be a cold one, sent undrawn: the next is drawn.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await page.goto('/');
      if (await page.getByText('Hello Ana').isVisible()) break;
    }
    await expect(page.getByText('Hello Ana')).toBeVisible();
    await expect(page.getByText('Submit your FAFSA')).toBeVisible();
    // Its buttons need the scripts, and the page says so at once.
    await expect(page.getByRole('note')).toHaveText(
      /Some buttons and forms on this page need its scripts/,
    );
    await page.getByRole('link', { name: 'Academics' }).first().click();
    await expect(page).toHaveURL(/\/academics$/);
  });

  test('in Spanish the server draws Spanish', async ({ browser }) => {
    const page = await student(browser);
    const { body } = await drawn(page, '/', { 'accept-language': 'es-MX,es;q=0.9' });
    expect(body).toContain('Hola, Ana');
    expect(body).toMatch(/<html lang="es"/);
  });
});
