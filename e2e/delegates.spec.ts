import { emailedLink, emailsTo } from './outbox.js';
import { expect, untilTakenOver, test } from './drawn-page.js';
import type { Browser, Page } from '@playwright/test';
import { checkEverywhere } from './everywhere.js';
import { startFileServer } from './server.js';
import type { FileServer, StoreTemplate } from './server.js';

/**
 * Family access (issue 73), through the screens: on Account → People you share with the student
 * shares Finances and holds with a parent until a date; the parent accepts by the emailed invitation,
 * signs in by the emailed one-time link and sees the balance and holds and nothing else (Academics
 * and Next Steps answer 403 from the API, not only hidden); the student stops sharing on Account and
 * the parent's next request, on a second server process on the same store, is refused; both got
 * their emails (read in the staff outbox, where the portal keeps email when no SMTP server is set).
 * The share section and the delegate's pages pass axe at 320, 390 and 1280 px, light and dark, in
 * English and Spanish; screenshots in the output folder.
 */
const PARENT = 'maria.valencia@example.com';

let first: FileServer & { store: StoreTemplate };
let second: FileServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  first = await startFileServer('delegates');
  // The second process reads and writes the first one's store (its data folder or its database).
  const { dataDir, database } = first.store;
  const databaseUrl =
    database && process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL) : null;
  if (databaseUrl) databaseUrl.pathname = `/${database}`;
  second = await startFileServer('delegates-second', {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl?.toString() ?? '',
  });
});
test.afterAll(async () => {
  await second?.stop();
  await first?.stop();
});

async function signedIn(browser: Browser, persona: string, next: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${first.url}/auth/login?next=${encodeURIComponent(next)}`);
  await page.locator(`button[name="persona"][value="${persona}"]`).click();
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[/?]/g, '\\$&')}$`));
  await untilTakenOver(page);
  return page;
}

/** How many pages a PDF made by Chromium has (its page objects; no PDF tool needed). */
const pdfPages = (pdf: Buffer) =>
  pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)\b/g)?.length ?? 0;

/** A day about two months ahead, as a date field takes it. */
function twoMonthsAhead() {
  const day = new Date(Date.now() + 60 * 24 * 60 * 60 * 1000);
  return day.toISOString().slice(0, 10);
}

test('a student shares Finances and holds with a parent on Account; the parent sees the balance and holds and nothing else; the student stops sharing and the parent’s next request on the second process is refused; both get their emails', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const student = await signedIn(browser, 'student', '/account');
  const section = student.locator('#shares');
  await expect(section.getByRole('heading', { name: 'People you share with' })).toBeVisible();
  await expect(section.getByText('You share your record with nobody.')).toBeVisible();
  await section.getByRole('button', { name: 'Share with someone' }).click();
  await section.getByLabel('Their name').fill('María Valencia');
  await section.getByLabel('Their email address').fill(PARENT);
  await section.getByLabel('Finances and holds').check();
  await section.getByLabel('Why you share it').selectOption({ label: 'Paying tuition and fees' });
  await section.getByLabel('Until').fill(twoMonthsAhead());
  await checkEverywhere(student, 'share-form', '#shares');
  await section.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(
    student.getByText('Invitation sent. They are told by email, and so are you.'),
  ).toBeVisible();
  const grant = section.getByRole('listitem').filter({ hasText: PARENT });
  await expect(grant.getByText(/^Invitation sent; shared until/)).toBeVisible();
  await expect(grant.getByText('Shared: Finances and holds')).toBeVisible();
  await expect(grant.getByText('María Valencia has not viewed anything yet.')).toBeVisible();
  await grant.getByRole('button', { name: 'Consent record' }).click();
  await expect(grant.getByRole('heading', { name: 'Consent given' })).toBeVisible();
  // Printed, the record alone fits on one page (issue 87: it printed on six, five blank). The
  // browser's print dialog is stood in for; Chromium's print to PDF is what would be printed.
  await student.evaluate(() => {
    window.print = () => undefined;
  });
  const print = grant.getByRole('button', { name: 'Print the consent record' });
  for (const format of ['Letter', 'A4']) {
    await print.click();
    const printed = await student.pdf({ format });
    await test.info().attach(`consent-record-${format}.pdf`, {
      body: printed,
      contentType: 'application/pdf',
    });
    expect(pdfPages(printed), `the consent record prints on one ${format} page`).toBe(1);
    // Printed (Chromium's print to PDF says so too: afterprint), the page is itself again.
    await expect(student.locator('body')).not.toHaveClass(/printing-consent/);
  }
  await expect(print).toBeFocused();
  await checkEverywhere(student, 'shares', '#shares');

  const staff = await signedIn(browser, 'staff', '/admin');
  // The invitation names the university, and its page says what accepting does (issue 87).
  const invitation = await emailedLink(
    staff,
    first.url,
    PARENT,
    /Ana Valencia invites you to see part of their student record at Campus University/,
  );
  expect(invitation).toContain('/auth/delegate/accept?token=');
  await expect(staff.locator('main')).toContainText(
    'Ana Valencia, a student at Campus University, shared Finances and holds with you, read only, until',
  );

  const parent = await (await browser.newContext({ locale: 'en-US' })).newPage();
  await parent.goto(invitation);
  await expect(
    parent.getByRole('heading', {
      level: 1,
      name: 'Ana Valencia invites you to see part of their record at Campus University',
    }),
  ).toBeVisible();
  await expect(
    parent.getByText(
      /^Accepting lets you see Finances and holds of Ana Valencia, read only, until \w+ \d{1,2}, \d{4}\.$/,
    ),
  ).toBeVisible();
  await expect(parent.getByText('Purpose: Paying tuition and fees')).toBeVisible();
  await expect(
    parent.getByText(`Then we email a link to sign in to ${PARENT}.`, { exact: false }),
  ).toBeVisible();
  await checkEverywhere(parent, 'accept');
  await parent.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(parent.getByRole('heading', { name: 'Invitation accepted' })).toBeVisible();

  await parent.goto(await emailedLink(staff, first.url, PARENT, /Your sign-in link/));
  await parent.getByRole('button', { name: 'Sign in' }).click();
  // Signed in, the parent reads the portal's own Finances (issue 88), under their bar.
  await expect(parent).toHaveURL(`${first.url}/finances`);
  await expect(parent.getByRole('region', { name: 'Shared with you' })).toContainText(
    /^Ana Valencia shared Finances and holds with you until/,
  );
  await expect(parent.getByRole('heading', { level: 1, name: 'Finances' })).toBeVisible();
  const summary = parent.getByRole('region', { name: 'Account summary' });
  await expect(summary.getByText('Balance', { exact: true })).toBeVisible();
  await expect(parent.getByText('Registration Hold').first()).toBeVisible();
  // Nothing else: the menu holds Finances alone; no student number.
  const menu = parent.getByRole('navigation', { name: 'Main menu', includeHidden: true });
  await expect(menu.getByRole('link', { includeHidden: true })).toHaveText(['Finances']);
  const user = (await (await student.request.get(`${first.url}/api/users/user`)).json()) as {
    auth_token: string;
  };
  const person = await student.request.get(`${first.url}/api/integrations/finti/person-info`, {
    headers: { authorization: `Token ${user.auth_token}` },
  });
  const studentNumber = /"STUDENT_ID"\s*:\s*"([^"]+)"/.exec(await person.text())?.[1];
  expect(studentNumber).toBeTruthy();
  await expect(parent.locator('body')).not.toContainText(studentNumber ?? '');
  await checkEverywhere(parent, 'shared');
  // Their own page leads back to the shared pages; it copies nothing of the record.
  await parent.getByRole('link', { name: 'Your shares and passkeys' }).click();
  await expect(parent).toHaveURL(`${first.url}/auth/delegate`);
  const pages = parent.getByRole('navigation', { name: 'Shared pages' });
  await expect(pages.getByRole('link')).toHaveText(['Finances and holds']);
  await checkEverywhere(parent, 'delegate-home');
  await pages.getByRole('link', { name: 'Finances and holds' }).click();
  await expect(parent).toHaveURL(`${first.url}/finances`);

  for (const url of [
    '/api/integrations/finti/holds',
    '/api/integrations/finti/financial-account-summary',
  ]) {
    expect((await parent.request.get(`${first.url}${url}`)).status(), url).toBe(200);
    expect((await parent.request.get(`${second.url}${url}`)).status(), `${url} (second)`).toBe(200);
  }
  for (const url of [
    '/api/integrations/finti/schedule',
    '/api/integrations/finti/grades',
    '/api/integrations/finti/gpa',
    '/next-steps/api/user_task/?published=True',
    '/api/integrations/mynextsteps/tasks',
  ]) {
    expect((await parent.request.get(`${first.url}${url}`)).status(), url).toBe(403);
  }

  // The student sees the parent's views, then stops sharing.
  await student.reload();
  await expect(grant.getByText(/^Shared until/)).toBeVisible();
  await expect(grant.getByText(/^viewed Finances and holds on /).first()).toBeVisible();
  // By keyboard (issue 87): Stop sharing puts focus on its question's first control, Keep sharing
  // gives it back; at 390 px, stopping leaves focus on the row's heading, on screen, and says so.
  const stop = grant.getByRole('button', { name: 'Stop sharing', exact: true });
  const stopIt = grant.getByRole('button', { name: 'Stop sharing with María Valencia' });
  await stop.focus();
  await student.keyboard.press('Enter');
  await expect(stopIt).toBeFocused();
  await student.keyboard.press('Tab');
  await expect(grant.getByRole('button', { name: 'Keep sharing' })).toBeFocused();
  await student.keyboard.press('Enter');
  await expect(stop).toBeFocused();
  await expect(stopIt).toBeHidden();
  await student.setViewportSize({ width: 390, height: 844 });
  await student.keyboard.press('Enter');
  await expect(stopIt).toBeFocused();
  await expect(stopIt).toBeInViewport();
  await student.keyboard.press('Enter');
  await expect(
    student.getByRole('status').filter({
      hasText: 'Sharing stopped. They are told by email, and so are you.',
    }),
  ).toBeVisible();
  await expect(grant.getByText('Stopped', { exact: true })).toBeVisible();
  const row = grant.getByRole('heading', { name: `María Valencia · ${PARENT}` });
  await expect(row).toBeFocused();
  await expect(row).toBeInViewport();
  await student.setViewportSize({ width: 1280, height: 900 });

  // The parent's next request, on the other process, is refused; so is their page there.
  expect((await parent.request.get(`${second.url}/api/integrations/finti/holds`)).status()).toBe(
    403,
  );
  await parent.goto(`${second.url}/auth/delegate`);
  await expect(parent.getByText('Nobody shares their record with you at this time.')).toBeVisible();
  await expect(parent.getByRole('link', { name: 'Finances and holds' })).toHaveCount(0);

  await expect(await emailsTo(staff, first.url, PARENT, /stopped sharing/)).toHaveCount(1);
  const toStudent = staff.getByRole('row').filter({ hasNotText: PARENT });
  await expect(toStudent.filter({ hasText: /You shared part of your student record/ })).toHaveCount(
    1,
  );
  await expect(
    toStudent.filter({ hasText: /You stopped sharing your student record/ }),
  ).toHaveCount(1);
});

test('People you share with and the delegate pages in Spanish pass axe at every width and theme', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const student = await signedIn(browser, 'student', '/account');
  await student.getByRole('radio', { name: 'Español' }).check();
  await expect(student.locator('html')).toHaveAttribute('lang', 'es');
  const section = student.locator('#shares');
  await expect(
    section.getByRole('heading', { name: 'Personas con quienes comparte' }),
  ).toBeVisible();
  await section.getByRole('button', { name: 'Compartir con alguien' }).click();
  await checkEverywhere(student, 'es-share-form', '#shares');
  await student.getByRole('radio', { name: 'English' }).check();
  await expect(student.locator('html')).toHaveAttribute('lang', 'en');

  const page = await (await browser.newContext({ locale: 'es-US' })).newPage();
  await page.goto(`${first.url}/auth/delegate`);
  await expect(page.getByRole('heading', { name: 'Compartido con usted' })).toBeVisible();
  await checkEverywhere(page, 'es-home');
  await page.goto(`${first.url}/auth/delegate/accept?token=not-a-token-of-anyone`);
  await expect(page.getByRole('button', { name: 'Aceptar la invitación' })).toBeVisible();
  await checkEverywhere(page, 'es-accept');
  await page.goto(`${first.url}/auth/delegate/sign-in?token=not-a-token-of-anyone`);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(
    page.getByRole('heading', { name: 'Este enlace para iniciar sesión no funciona' }),
  ).toBeVisible();
  await checkEverywhere(page, 'es-gone');
});
