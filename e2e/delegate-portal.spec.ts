import { emailedLink } from './outbox.js';
import { expect, test } from './drawn-page.js';
import type { Browser, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import { checkEverywhere } from './everywhere.js';
import { startFileServer } from './server.js';
import type { FileServer } from './server.js';

/**
 * A delegate reads the portal's own pages (issue 88): the student shares Finances and holds and
 * Academics with a parent, who accepts and signs in by the emailed links; the portal's `/` then
 * opens /finances in the delegate's capacity: their bar, a menu of the shared sections only, no
 * search or Messages link, the student's account summary; /academics the student's schedule; any
 * other page says it was not shared. The pages pass axe at 390 px; screenshots in the output.
 */
const PARENT = 'maria.valencia@example.com';

let server: FileServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startFileServer('delegate-portal');
});
test.afterAll(async () => {
  await server?.stop();
});

/** A page of a new browser context signed in as `persona` (the demo sign-in page). */
async function personaPage(browser: Browser, persona: string, next: string): Promise<Page> {
  const page = await (await browser.newContext({ locale: 'en-US' })).newPage();
  await page.goto(`${server.url}/auth/login?next=${encodeURIComponent(next)}`);
  await page.locator(`button[name="persona"][value="${persona}"]`).click();
  await expect(page).toHaveURL(new RegExp(`${next}$`));
  return page;
}

/**
 * The student shares `categories` with `email` (named `name`) through the API, as Account does; the
 * relative accepts by the emailed invitation and signs in by the emailed link. Their page, signed in.
 */
async function sharedWith(
  browser: Browser,
  who: { name: string; email: string; purpose: string },
  categories: string[],
): Promise<Page> {
  const student = await personaPage(browser, 'student', '/account');
  const token = (
    (await (await student.request.get(`${server.url}/api/users/user`)).json()) as {
      auth_token: string;
    }
  ).auth_token;
  const until = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  const shared = await student.request.post(`${server.url}/api/delegations`, {
    headers: { authorization: `Token ${token}` },
    data: { name: who.name, email: who.email, categories, purpose: who.purpose, until },
  });
  expect(shared.status()).toBe(201);
  const staff = await personaPage(browser, 'staff', '/admin');
  const reader = await (await browser.newContext({ locale: 'en-US' })).newPage();
  await reader.goto(
    await emailedLink(
      staff,
      server.url,
      who.email,
      /invites you to see part of their student record/,
    ),
  );
  await reader.getByRole('button', { name: 'Accept the invitation' }).click();
  await reader.goto(await emailedLink(staff, server.url, who.email, /Your sign-in link/));
  await reader.getByRole('button', { name: 'Sign in' }).click();
  return reader;
}

test('a delegate the student shared Finances and Academics with lands on /finances and reads /academics on the portal’s own pages: their bar, only the shared sections in the menu, and any other page not shared', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const parent = await sharedWith(
    browser,
    { name: 'María Valencia', email: PARENT, purpose: 'Paying tuition and fees' },
    ['finances', 'academics'],
  );
  // Signed in, the first section shared; `/` opens it too.
  await expect(parent).toHaveURL(`${server.url}/finances`);
  await parent.setViewportSize({ width: 390, height: 900 });
  await parent.goto(`${server.url}/`);
  await expect(parent).toHaveURL(`${server.url}/finances`);
  await expect(parent.getByRole('region', { name: 'Shared with you' })).toContainText(
    /^Ana Valencia shared Finances and holds, Academics: schedule and grades with you until/,
  );
  const summary = parent.getByRole('region', { name: 'Account summary' });
  await expect(summary.getByText('Balance', { exact: true })).toBeVisible();
  const menu = parent.getByRole('navigation', { name: 'Main menu', includeHidden: true });
  await expect(menu.getByRole('link', { includeHidden: true })).toHaveText([
    'Finances',
    'Academics',
  ]);
  // Messages is not shared: no search and no Messages link in the toolbar.
  const toolbar = parent.getByTestId('block-toolbar');
  await expect(toolbar.getByRole('link', { name: /^Messages/ })).toHaveCount(0);
  await expect(toolbar.locator('.toolbar__search')).toHaveCount(0);
  await expectNoAxeViolations(parent);
  await parent.screenshot({ path: test.info().outputPath('finances-390.png'), fullPage: true });

  // The menu is behind its button at 390 px: the shared section by its address.
  await parent.goto(`${server.url}/academics`);
  await expect(parent.getByRole('heading', { level: 1, name: 'Academics' })).toBeVisible();
  await expect(parent.getByRole('region', { name: 'GPA' })).toBeVisible();
  await expect(parent.getByRole('link', { name: /at the bookstore/ })).toHaveCount(0);
  await expectNoAxeViolations(parent);
  await parent.screenshot({ path: test.info().outputPath('academics-390.png'), fullPage: true });

  await parent.goto(`${server.url}/messages`);
  await expect(parent.getByRole('heading', { name: 'Not shared with you' })).toBeVisible();
  await expect(
    parent.getByText('Ana Valencia has not shared this part of their record with you.'),
  ).toBeVisible();
  await expectNoAxeViolations(parent);
  await parent.screenshot({ path: test.info().outputPath('not-shared-390.png'), fullPage: true });

  // In Spanish, the delegate's own language: the portal's Finances with its bar, every width.
  const spanish = await (await browser.newContext({ locale: 'es-ES' })).newPage();
  await spanish.context().addCookies(await parent.context().cookies());
  await spanish.goto(`${server.url}/finances`);
  await expect(spanish.getByRole('region', { name: 'Compartido con usted' })).toContainText(
    /^Ana Valencia compartió .+ con usted hasta el/,
  );
  await expect(spanish.getByRole('heading', { level: 1, name: 'Finanzas' })).toBeVisible();
  await checkEverywhere(spanish, 'finances-es');
});

test('a delegate the student shared Next Steps with reads the student’s list in Next Steps’ own app: their bar, the tasks, every change disabled, no settings; in English and Spanish, at every width, light and dark', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const reader = await sharedWith(
    browser,
    { name: 'Rosa Valencia', email: 'abuela.valencia@example.com', purpose: 'The first term' },
    ['next-steps'],
  );
  // Next Steps alone shared: signing in lands on its app.
  await expect(reader).toHaveURL(new RegExp(`${server.url}/next-steps/(task)?$`));
  await expect(reader.getByRole('region', { name: 'Shared with you' })).toContainText(
    /^Ana Valencia shared Next Steps with you until/,
  );
  await expect(reader.getByRole('heading', { level: 1, name: 'Up Next' })).toBeVisible();
  const bookmark = reader.getByRole('button', { name: /^Bookmark / }).first();
  await expect(bookmark).toHaveAttribute('aria-disabled', 'true');
  const nav = reader.getByRole('navigation', { name: 'Next Steps' });
  await expect(nav.getByRole('link', { name: 'Preferences' })).toHaveCount(0);
  // Nothing of the student's to change: a bookmark by the API is refused.
  const [task] = (await (
    await reader.request.get(`${server.url}/next-steps/api/user_task/?published=True`)
  ).json()) as { id: number }[];
  const change = await reader.request.patch(
    `${server.url}/next-steps/api/user_task/${String(task?.id)}/`,
    { data: { starred: true }, headers: { origin: server.url } },
  );
  expect(change.status()).toBe(403);
  await checkEverywhere(reader, 'next-steps');
  // In Spanish, the delegate's own language.
  const spanish = await (await browser.newContext({ locale: 'es-ES' })).newPage();
  await spanish.context().addCookies(await reader.context().cookies());
  await spanish.goto(`${server.url}/next-steps/`);
  await expect(spanish.getByRole('region', { name: 'Compartido con usted' })).toContainText(
    /^Ana Valencia compartió Próximos pasos con usted hasta el/,
  );
  await checkEverywhere(spanish, 'next-steps-es');
});
