import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from './server.js';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import { withoutFirstAnswers } from './first-answers.js';
import { signInAs as signIn } from './sign-in.js';

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

test('a first load takes the status and the user from its page: neither is asked for (issue 63)', async ({
  page,
}) => {
  await signIn(page, 'Student');
  await expect(page.getByText(/^Hello \S+/)).toBeVisible();
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === '/api/status' || pathname === '/api/users/user') asked.push(pathname);
  });
  await page.reload();
  await expect(page.getByText(/^Hello \S+/)).toBeVisible();
  expect(asked).toEqual([]);
});

test.describe('a page that carries no first answers', () => {
  // The journeys below make the status or the user call fail: their pages carry no answers.
  test.use({ serviceWorkers: 'block' });

  test('asks for the status and the user once each, while the scripts load', async ({ page }) => {
    await signIn(page, 'Student');
    await expect(page.getByText(/^Hello \S+/)).toBeVisible();
    await withoutFirstAnswers(page);
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === '/api/status' || pathname === '/api/users/user') asked.push(pathname);
    });
    await page.reload();
    await expect(page.getByText(/^Hello \S+/)).toBeVisible();
    expect(asked.sort()).toEqual(['/api/status', '/api/users/user']);
  });

  test('a status check answering 500 shows the 500 screen', async ({ page }) => {
    await signIn(page, 'Student');
    await expect(page.getByText(/^Hello \S+/)).toBeVisible();
    await withoutFirstAnswers(page);
    await page.route('**/api/status', (route) =>
      route.fulfill({ status: 500, json: { detail: 'Internal server error' } }),
    );
    await page.goto('/academics');
    await expect(page.getByRole('heading', { name: 'Uh-oh! (500 Error)' })).toBeVisible();
    await expect(page.getByRole('link', { name: /head back and retry/i })).toBeVisible();
    await expect(page.getByRole('link', { name: /send feedback/i })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a status check finding the SIS down keeps the page and shows the integration banner (error state 1)', async ({
    page,
  }) => {
    await signIn(page, 'Student');
    await expect(page.getByText(/^Hello \S+/)).toBeVisible();
    await withoutFirstAnswers(page);
    await page.route('**/api/status', (route) =>
      route.fulfill({ json: { status: 'ok', integrations: 'unavailable' } }),
    );
    await page.goto('/academics');
    await expect(page.getByRole('heading', { level: 1, name: 'Academics' })).toBeVisible();
    await expect(
      page.getByText(
        'Student Information Systems integration are currently unavailable. Please check back again later.',
      ),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('an API answering 503 shows the 503 screen', async ({ page }) => {
    await signIn(page, 'Student');
    await expect(page.getByText(/^Hello \S+/)).toBeVisible();
    await withoutFirstAnswers(page);
    await page.route('**/api/users/user', (route) =>
      route.fulfill({ status: 503, json: { detail: 'Service unavailable' } }),
    );
    await page.goto('/');
    await expect(
      page.getByRole('heading', { name: 'One moment, please (503 Error)' }),
    ).toBeVisible();
    await expect(page.getByText(/the portal will return/i)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test('demo on shows the DEMO label and the demo student; demo off brings the user back', async ({
  page,
}) => {
  await signIn(page, 'Student');
  await expect(page.getByText('Hello Ana')).toBeVisible();
  await page.getByRole('button', { name: 'Start Demo' }).click();
  await expect(page.getByText('DEMO', { exact: true })).toBeVisible();
  await expect(page.getByText('Hello Demo')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(/Demo mode is on/)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.reload();
  await expect(page.getByText('DEMO', { exact: true })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('button', { name: 'End Demo' }).click();
  await expect(page.getByText('Hello Ana')).toBeVisible();
  await expect(page.getByText('DEMO', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Start Demo' })).toBeVisible();
});

test('staff see the build hash and the admin link; students do not', async ({ page }) => {
  const { hash } = JSON.parse(readFileSync('dist/build.json', 'utf8')) as { hash: string };
  await signIn(page, 'Staff');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText(`Version ${hash}`)).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  // The footer can stand before the page's first read has answered: check the page once it has.
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/auth\/login/);
  await signIn(page, 'Student');
  await expect(page.getByText('Hello Ana')).toBeVisible();
  await expect(footer.getByText(/^Version /)).toHaveCount(0);
  await expect(footer.getByRole('link', { name: 'Admin' })).toHaveCount(0);
});

test('the footer opens every School Tools link in a new tab with rel="noopener"', async ({
  page,
}) => {
  await signIn(page, 'Student');
  const tools = page.getByRole('navigation', { name: 'School Tools' }).getByRole('link');
  await expect(tools).toHaveCount(5);
  for (const link of await tools.all()) {
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener');
  }
  await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()}`);
});

test('the safety menu opens and closes on a click outside', async ({ page }) => {
  await signIn(page, 'Student');
  const toggle = page.getByRole('button', { name: 'Safety' });
  await toggle.click();
  const menu = page.getByRole('navigation', { name: 'Safety', exact: true });
  await expect(menu.getByRole('link', { name: /Call Campus Safety/ })).toHaveAttribute(
    'href',
    /^tel:\+?\d+$/,
  );
  await expect(menu.getByRole('link', { name: 'Emergency Procedures' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Other Safety Resources' })).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expectNoAxeViolations(page);
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).click();
  await expect(menu).toHaveCount(0);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
});

test('at 390 px the mobile menu holds the sections and the safety entries', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'Student');
  await expect(page.getByText('Hello Ana')).toBeVisible();
  await expect(mainMenu(page)).toBeHidden();
  await page.getByRole('button', { name: 'Menu' }).click();
  for (const section of ['Dashboard', 'Academics', 'Finances', 'Community', 'Resources']) {
    await expect(mainMenu(page).getByRole('link', { name: section })).toBeVisible();
  }
  const safety = page.getByRole('navigation', { name: 'Campus safety' });
  await expect(safety.getByRole('link', { name: /Call Campus Safety/ })).toBeVisible();
  await expect(safety.getByRole('link', { name: 'Emergency Procedures' })).toBeVisible();
  await expect(safety.getByRole('link', { name: 'Other Safety Resources' })).toBeVisible();
  await expectNoAxeViolations(page);
  await mainMenu(page).getByRole('link', { name: 'Academics' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Academics' })).toBeVisible();
  await expect(mainMenu(page)).toBeHidden();
});

test('/task/42 lands on /', async ({ page }) => {
  await signIn(page, 'Student', '/task/42');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Hello Ana')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a provisional account sees the provisional modal with a Log out link', async ({ page }) => {
  await signIn(page, 'Provisional account');
  const dialog = page.getByRole('dialog', { name: 'Please log in with your Odin account' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Log out' })).toHaveAttribute('href', '/logout');
  await expectNoAxeViolations(page);
  // The page behind the modal is inert: Tab never reaches it (past the last link, focus may leave
  // for the browser's own controls), and Escape does not dismiss the notice.
  for (let i = 0; i < 6; i += 1) {
    await page.keyboard.press('Tab');
    const behind = await dialog.evaluate((d) => {
      const active = document.activeElement;
      return active !== null && active !== document.body && !d.contains(active);
    });
    expect(behind).toBe(false);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('link', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
});

test.describe('with MAINTENANCE=1', () => {
  // Next to the suite's own port by default, so runs on other ports do not meet on this one.
  const port = Number(
    process.env.E2E_MAINTENANCE_PORT ?? Number(process.env.E2E_PORT ?? 4180) + 100,
  );
  const base = `http://127.0.0.1:${port}`;
  let server: ChildProcess;

  test.beforeAll(async () => {
    server = spawn(process.execPath, ['dist/server/server.js'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        MAINTENANCE: '1',
        DATABASE_URL: '',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-maintenance-')),
      },
      stdio: 'ignore',
    });
    for (let i = 0; i < 100; i += 1) {
      const up = await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('The maintenance server did not start');
  });

  test.afterAll(() => {
    server.kill('SIGTERM');
  });

  test('the portal shows the 503 screen', async ({ page }) => {
    await page.goto(`${base}/`);
    await expect(
      page.getByRole('heading', { name: 'One moment, please (503 Error)' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
