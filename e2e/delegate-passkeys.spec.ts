import { emailedLink } from './outbox.js';
import { expect, test } from './drawn-page.js';
import type { Browser, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import { startFileServer } from './server.js';
import type { FileServer } from './server.js';

/**
 * A delegate's passkey (issue 73) in Chromium's virtual authenticator (CTAP2, internal, resident
 * keys, user verification, through CDP): a parent the student shares with signs in by the emailed
 * link, adds a passkey, signs out and signs in with it; then removes it, and the removed passkey is
 * refused with the way back (sign in by email). A passkey's relying party is a host name, never an
 * IP address: the server's public origin and the browser's address are `localhost`. The new page
 * parts pass axe at 320, 390 and 1280 px, light and dark, in English and (the signed-in page) in
 * Spanish; screenshots in the output folder.
 */
const PARENT = 'maria.valencia@example.com';
const WIDTHS = [320, 390, 1280] as const;
const local = (url: string) => url.replace('127.0.0.1', 'localhost');

let server: FileServer;
let origin = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startFileServer('delegate-passkeys', (url) => ({ PUBLIC_ORIGIN: local(url) }));
  origin = local(server.url);
});
test.afterAll(async () => {
  await server?.stop();
});

async function signedIn(browser: Browser, persona: string, next: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${origin}/auth/login?next=${encodeURIComponent(next)}`);
  await page.locator(`button[name="persona"][value="${persona}"]`).click();
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[/?]/g, '\\$&')}$`));
  return page;
}

/** Every width and theme of the open page, checked with axe; screenshots in the output folder. */
async function checkEverywhere(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectNoAxeViolations(page);
      const wider = await page.evaluate(
        () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
      );
      expect(wider, `${name} at ${width} px is no wider than the screen`).toBe(false);
      await page.screenshot({
        path: test.info().outputPath(`${name}-${width}-${scheme}.png`),
        fullPage: true,
      });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a delegate adds a passkey, signs out and signs in with it; a removed passkey is refused', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const student = await signedIn(browser, 'student', '/account');
  const user = (await (await student.request.get(`${origin}/api/users/user`)).json()) as {
    auth_token: string;
  };
  const until = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  const shared = await student.request.post(`${origin}/api/delegations`, {
    headers: { authorization: `Token ${user.auth_token}` },
    data: {
      name: 'María Valencia',
      email: PARENT,
      categories: ['finances'],
      purpose: 'Paying tuition and fees',
      until,
    },
  });
  expect(shared.status()).toBe(201);

  const staff = await signedIn(browser, 'staff', '/admin');
  const context = await browser.newContext({ locale: 'en-US' });
  const parent = await context.newPage();
  const cdp = await context.newCDPSession(parent);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  await parent.goto(
    await emailedLink(staff, origin, PARENT, /invites you to see part of their student record/),
  );
  await parent.getByRole('button', { name: 'Accept the invitation' }).click();
  await parent.goto(await emailedLink(staff, origin, PARENT, /Your sign-in link/));
  await parent.getByRole('button', { name: 'Sign in' }).click();
  // Signed in, on the portal's Finances (issue 88); the bar leads to their own page.
  await expect(parent).toHaveURL(`${origin}/finances`);
  await parent.getByRole('link', { name: 'Your shares and passkeys' }).click();
  await expect(parent).toHaveURL(`${origin}/auth/delegate`);
  const passkeys = parent.locator('#passkeys-section');
  await expect(passkeys.getByRole('heading', { name: 'Passkeys' })).toBeVisible();
  await expect(passkeys.getByText('You have no passkey yet.')).toBeVisible();

  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(parent).toHaveURL(`${origin}/auth/delegate?passkey=added`);
  await expect(passkeys.getByRole('status')).toHaveText('Passkey added.');
  await expect(passkeys.getByText(/^Passkey 1, added .+ · not used yet$/)).toBeVisible();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);
  await checkEverywhere(parent, 'passkey-added');
  // The same signed-in page read by a Spanish browser: the Passkeys section in Spanish, axe at
  // every width and theme.
  const spanish = await (
    await browser.newContext({ locale: 'es-US', storageState: await context.storageState() })
  ).newPage();
  await spanish.goto(`${origin}/auth/delegate`);
  await expect(spanish.locator('html')).toHaveAttribute('lang', 'es');
  await expect(
    spanish.locator('#passkeys-section').getByRole('heading', { name: 'Llaves de acceso' }),
  ).toBeVisible();
  await checkEverywhere(spanish, 'passkey-added-es');
  await spanish.context().close();

  await parent.getByRole('button', { name: 'Sign out' }).click();
  await expect(parent).toHaveURL(`${origin}/auth/delegate`);
  const signIn = parent.getByRole('button', { name: 'Sign in with a passkey' });
  await expect(signIn).toBeVisible();
  await checkEverywhere(parent, 'passkey-sign-in');
  await signIn.click();
  await expect(parent).toHaveURL(`${origin}/finances`);
  await expect(parent.getByRole('region', { name: 'Shared with you' })).toContainText(
    /^Ana Valencia shared Finances and holds with you until/,
  );
  await parent.goto(`${origin}/auth/delegate`);
  await expect(passkeys.getByText(/^Passkey 1, added .+ · last used /)).toBeVisible();

  await passkeys.getByRole('button', { name: 'Remove' }).click();
  await expect(parent).toHaveURL(`${origin}/auth/delegate?passkey=removed`);
  await expect(passkeys.getByRole('status')).toHaveText('Passkey removed.');
  await expect(passkeys.getByText('You have no passkey yet.')).toBeVisible();
  await parent.getByRole('button', { name: 'Sign out' }).click();
  await parent.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(parent.locator('#passkey-sign-in-section').getByRole('status')).toHaveText(
    'This passkey is not known here: it was removed, or it belongs to another site. Sign in by email.',
  );
  await expect(parent.getByRole('heading', { name: 'Shared with you' })).toBeVisible();
  await checkEverywhere(parent, 'passkey-refused');
});
