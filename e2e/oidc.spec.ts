import { createHash } from 'node:crypto';
import { expect, test } from './server.js';
import type { APIResponse, Response } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import { ISSUER, PORTAL, startPortal, startProvider } from './oidc-provider.js';
import type { RunningPortal } from './oidc-provider.js';

let provider: Awaited<ReturnType<typeof startProvider>>;
let portal: RunningPortal;

test.beforeAll(async () => {
  provider = await startProvider();
  portal = await startPortal();
});
test.afterAll(async () => {
  await portal?.stop();
  await provider?.close();
});

/**
 * The CSP every HTML answer must carry: scripts from this origin, and inline only the one named by
 * its hash (the theme's, issue 87), never framed.
 */
function expectStrictCsp(answer: Response | APIResponse, url: string) {
  const csp = answer.headers()['content-security-policy'] ?? '';
  const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
  expect(scriptSrc[0], `CSP of ${url}`).toBe("'self'");
  for (const source of scriptSrc.slice(1)) expect(source).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
  expect(csp, `CSP of ${url}`).toContain("frame-ancestors 'none'");
  expect(csp, `CSP of ${url}`).not.toMatch(/unsafe-inline|unsafe-eval/);
  // Styles from this origin, and inline only the blocks named by their hash (the portal page's
  // critical styles).
  const styleSrc = /style-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
  expect(styleSrc[0], `CSP of ${url}`).toBe("'self'");
  for (const source of styleSrc.slice(1)) expect(source).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
}

/** Every inline style block of a page is allowed by the sha256 of its bytes in the page's CSP. */
async function expectInlineStylesHashed(answer: APIResponse) {
  const csp = answer.headers()['content-security-policy'] ?? '';
  const blocks = [...(await answer.text()).matchAll(/<style>([\s\S]*?)<\/style>/g)];
  for (const [, css = ''] of blocks) {
    const hash = createHash('sha256').update(css, 'utf8').digest('base64');
    expect(csp, `CSP of ${answer.url()}`).toContain(`'sha256-${hash}'`);
  }
  return blocks.length;
}

test('a student signs in through the OpenID provider, lands on next, and logs out through it', async ({
  page,
}) => {
  const htmlAnswers: Response[] = [];
  page.on('response', (answer) => {
    const isHtml = (answer.headers()['content-type'] ?? '').startsWith('text/html');
    if (isHtml && answer.url().startsWith(PORTAL)) htmlAnswers.push(answer);
  });
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });

  await page.goto(`${PORTAL}/academics`);
  // The portal's own page first ("This is a shared computer"), then the provider's.
  await expect(page).toHaveURL(`${PORTAL}/auth/sign-in?next=%2Facademics`);
  await page.getByRole('button', { name: 'Continue to sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`^${ISSUER}/interaction/`));
  await page.locator('input[name="login"]').fill('kparker');
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();

  await expect(page).toHaveURL(`${PORTAL}/academics`);
  await expect(page.getByRole('heading', { level: 1, name: 'Academics' })).toBeVisible();
  await expectNoAxeViolations(page);
  const user: unknown = await page.evaluate(() =>
    fetch('/api/users/user').then((r): Promise<unknown> => r.json()),
  );
  expect(user).toMatchObject({ username: 'kparker', first_name: 'Kim', primary_role: 'student' });

  await page.getByRole('link', { name: 'Log out' }).click();
  await expect(page).toHaveURL(new RegExp(`^${ISSUER}/session/end`));
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  // Back at the portal, signed out: it sends the browser to sign in, and the provider asks again.
  await page.getByRole('button', { name: 'Continue to sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`^${ISSUER}/interaction/`));
  await expect(page.locator('input[name="login"]')).toBeVisible();
  expect((await page.request.get(`${PORTAL}/api/users/user`)).status()).toBe(401);

  expect(htmlAnswers.length).toBeGreaterThanOrEqual(2);
  for (const answer of htmlAnswers) expectStrictCsp(answer, answer.url());
  expect(await expectInlineStylesHashed(await page.request.get(`${PORTAL}/academics`))).toBe(1);
  expect(refused).toEqual([]);
});

test('the CSP header is on every HTML answer: portal, Next Steps, sign-in page, admin', async ({
  page,
  request,
  baseURL,
}) => {
  const html = { accept: 'text/html' };
  const pages = [
    `${baseURL}/`,
    `${baseURL}/academics`,
    `${baseURL}/next-steps/`,
    `${baseURL}/next-steps/task?show=done`,
    `${baseURL}/auth/login?next=%2F`,
    `${PORTAL}/`,
    `${PORTAL}/next-steps/`,
  ];
  for (const url of pages) {
    const answer = await request.get(url, { headers: html });
    expect(answer.status(), url).toBe(200);
    expect(answer.headers()['content-type'], url).toMatch(/^text\/html/);
    expectStrictCsp(answer, url);
  }

  // Staff-only: a student gets the 403 page, with the same policy.
  await page.goto('/auth/login?next=%2Fadmin');
  await page.getByRole('button', { name: 'Sign in as Student', exact: true }).click();
  const refusal = await page.goto('/admin');
  expect(refusal?.status()).toBe(403);
  if (refusal) expectStrictCsp(refusal, '/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff only' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Staff signing in on their way to /admin land there.
  await page.goto('/auth/login?next=%2Fadmin');
  const landing = page.waitForResponse((r) => new URL(r.url()).pathname === '/admin');
  await page.getByRole('button', { name: 'Sign in as Staff', exact: true }).click();
  expectStrictCsp(await landing, '/admin');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'auth.signIn' }).first()).toBeVisible();
  await expectNoAxeViolations(page);
});

/**
 * Issue 57, unknown people: a person the student information system does not know (kparker signs
 * in through the provider, and the sample records have no such person) is not shown the student
 * blocks or the student checklist: their name and sign-in address, why nothing of theirs shows, and
 * whom to contact.
 */
for (const width of [390, 1280]) {
  test(`a person the SIS does not know sees what the portal can tell them and whom to contact, not student blocks, at ${width} px`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${PORTAL}/`);
    await page.getByRole('button', { name: 'Continue to sign in' }).click();
    await page.locator('input[name="login"]').fill('kparker');
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();

    const card = page.getByTestId('unknown-person');
    await expect(card).toBeVisible();
    await expect(card).toContainText('Kim Parker');
    await expect(card).toContainText('Signed in as kparker@campus.example.edu');
    await expect(card).toContainText("The university's records don't list you yet");
    await expect(card.getByRole('link')).toHaveCount(1);
    // None of a student's own blocks: no classes, no holds, no checklist, no program or standing.
    for (const heading of ['Today’s Classes', "Today's Classes", 'Holds', 'My Next Steps']) {
      await expect(page.getByRole('heading', { name: heading, exact: true })).toHaveCount(0);
    }
    await expect(page.getByText('Class standing', { exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: testInfo.outputPath(`unknown-person-${width}-${scheme}.png`) });
    }
    await page.emulateMedia({ colorScheme: 'light' });

    // Next Steps has no student checklist for them either.
    await page.goto(`${PORTAL}/next-steps/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Next Steps' })).toBeVisible();
    await expect(page.getByText('There are no tasks for your roles')).toBeVisible();
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Mark done/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`unknown-person-next-steps-${width}.png`) });
    await page.context().clearCookies();
  });
}
