import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import { consoleProblems, drawn, hydrationProblems, layoutShift } from './drawn-page.js';
import { startFileServer } from './server.js';
import type { FileServer } from './server.js';
import { signInAs } from './sign-in.js';

/**
 * Issue 75: Next Steps' task list arrives drawn by the server. The HTML the server sends already
 * holds the student's tasks; with JavaScript off the list reads fully and its links are real links;
 * with it on, the browser takes the page over (React's hydration, the Next Steps system started from
 * the server's snapshot) without a console warning, without asking again for what the page carried
 * and without moving the page. Its server has SERVER_RENDER on.
 */

let server: FileServer;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startFileServer('server-render-next-steps', { SERVER_RENDER: 'on' });
});
test.afterAll(async () => {
  await server?.stop();
});

const tasks = (page: Page) => page.getByRole('list', { name: 'Tasks' });

/** The header's Tasks link followed, back to the list with the student's tasks. */
async function backToTasks(page: Page) {
  await page
    .getByRole('navigation', { name: 'Next Steps' })
    .getByRole('link', { name: 'Tasks' })
    .click();
  await expect(page).toHaveURL(/\/next-steps\/task\/?$/);
  await expect(tasks(page).getByText('Submit your FAFSA')).toBeVisible();
}

/** A signed-in student on Next Steps' list at `width`, scripts on or off. */
async function student(browser: Browser, width = 390, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width, height: 800 },
    javaScriptEnabled,
  });
  const page = await context.newPage();
  await signInAs(page, 'Student', '/next-steps/', javaScriptEnabled);
  await expect(tasks(page).getByText('Submit your FAFSA')).toBeVisible();
  return page;
}

test.describe("Next Steps' task list drawn by the server (issue 75)", () => {
  test("the HTML holds the student's task titles, for them alone", async ({ browser }) => {
    const page = await student(browser);
    const { answer, body } = await drawn(page, '/next-steps/');
    expect(answer.headers()['cache-control']).toBe('private, no-store');
    expect(body).toContain('id="server-render"');
    expect(body).toContain('Submit your FAFSA');
    expect(body).toContain('Up Next');
  });

  for (const width of [320, 390, 1280]) {
    test(`at ${width} px the browser takes the list over with no hydration warning, no second read and no layout shift`, async ({
      browser,
    }) => {
      // Signing in, two pages and axe: more than the default on a shared machine.
      test.setTimeout(60_000);
      const page = await student(browser, width);
      await drawn(page, '/next-steps/');
      // The page is opened again, as a returning student does.
      const problems = consoleProblems(page);
      const asked: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.includes('/api/')) asked.push(`${request.method()} ${pathname}`);
      });
      const answer = await page.goto('/next-steps/');
      expect(await answer?.text()).toContain('id="server-render"');
      await expect(page).toHaveURL(/\/next-steps\/task$/);
      await expect(tasks(page).getByText('Submit your FAFSA')).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(hydrationProblems(problems)).toEqual([]);
      // The person's record, the tasks and the categories came with the page.
      expect(asked.filter((a) => /\/next-steps\/api\/(user|user_task|category)\//.test(a))).toEqual(
        [],
      );
      const shift = await layoutShift(page);
      test.info().annotations.push({ type: 'layout shift', description: String(shift) });
      expect(shift).toBeLessThanOrEqual(0.01);
      await expectNoAxeViolations(page);
    });
  }

  test('once taken over, the list works: a filter opens in place', async ({ browser }) => {
    const page = await student(browser);
    await drawn(page, '/next-steps/');
    await page.goto('/next-steps/');
    await expect(tasks(page).getByText('Submit your FAFSA')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'FILTER' }).click();
    await page.getByRole('link', { name: 'Done', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Done' })).toBeVisible();
    await expect(page).toHaveURL(/\/next-steps\/task\?show=/);
  });

  test("a task's page arrives drawn and is taken over: no hydration warning, no shift, and its links move in the page", async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const page = await student(browser, 390);
    const href = await tasks(page)
      .getByRole('link', { name: /Submit your FAFSA/ })
      .first()
      .getAttribute('href');
    expect(href).toMatch(/\/next-steps\/task\/\d+/);
    const path = href ?? '';
    await drawn(page, path);
    const problems = consoleProblems(page);
    const answer = await page.goto(path);
    expect(await answer?.text()).toContain('id="server-render"');
    const title = page.getByRole('article').getByRole('heading', { level: 2, name: /FAFSA/ });
    await expect(title).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(hydrationProblems(problems)).toEqual([]);
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
    // Taken over: the note that the scripts had not arrived is gone, and the header's link to the
    // list is followed by the app's router, with no new page from the server.
    await expect(page.locator('#scripts-note')).toHaveCount(0);
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });
    await backToTasks(page);
    expect(documents).toEqual([]);
  });

  test("with JavaScript off the task list and a task's page read fully and their links work", async ({
    browser,
  }) => {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 390, height: 800 },
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await signInAs(page, 'Student', '/next-steps/', false);
    // A process's first render may be a cold one, sent undrawn: the next is drawn.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await page.goto('/next-steps/');
      if (await tasks(page).getByText('Submit your FAFSA').isVisible()) break;
    }
    await expect(page.getByRole('heading', { level: 1, name: 'Up Next' })).toBeVisible();
    await expect(tasks(page).getByText('Submit your FAFSA')).toBeVisible();
    expect(await tasks(page).getByRole('listitem').count()).toBeGreaterThan(1);
    // The filters and Mark done need the scripts, and the page says so at once.
    await expect(page.getByRole('note')).toHaveText(
      /Some buttons and forms on this page need its scripts/,
    );
    // A task's link opens its page by its address; the header's links are real links too.
    await tasks(page)
      .getByRole('link', { name: /Submit your FAFSA/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/next-steps\/task\/\d+/);
    // The task's page is drawn too: its title, read with no script.
    await expect(
      page.getByRole('article').getByRole('heading', { level: 2, name: /Submit your FAFSA/ }),
    ).toBeVisible();
    await backToTasks(page);
  });

  test('in Spanish the server draws Spanish', async ({ browser }) => {
    const page = await student(browser);
    const { body } = await drawn(page, '/next-steps/', { 'accept-language': 'es-MX,es;q=0.9' });
    expect(body).toMatch(/<html lang="es"/);
    expect(body).toContain('Próximas');
  });
});
