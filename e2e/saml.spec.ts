import { expect, startFileServer, test } from './server.js';
import type { FileServer } from './server.js';
import { expectNoAxeViolations } from './axe.js';
import { samlPortalEnv, startSamlIdp } from './saml-idp.js';
import type { RunningIdp } from './saml-idp.js';

let idp: RunningIdp;
let portal: FileServer;

test.beforeAll(async () => {
  idp = await startSamlIdp();
  portal = await startFileServer('saml', samlPortalEnv(idp));
  idp.setPortal(portal.url);
});
test.afterAll(async () => {
  await portal?.stop();
  await idp?.close();
});

test('a student signs in through the SAML IdP, lands on Hello Ana, and signs out through it', async ({
  page,
}) => {
  await page.goto(`${portal.url}/`);
  // The portal's own page first ("This is a shared computer"), then the IdP's.
  await page.getByRole('button', { name: 'Continue to sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`^${idp.origin}/sso\\?SAMLRequest=`));
  await page.getByLabel('Username').fill('avalencia');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(`${portal.url}/`);
  await expect(page.getByText('Hello Ana', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);
  const user: unknown = await page.evaluate(() =>
    fetch('/api/users/user').then((r): Promise<unknown> => r.json()),
  );
  expect(user).toMatchObject({
    username: 'avalencia',
    first_name: 'Ana',
    primary_role: 'student',
    is_staff: false,
  });

  // A student is no staff member: /admin refuses.
  expect((await page.goto(`${portal.url}/admin`))?.status()).toBe(403);

  await page.goto(`${portal.url}/`);
  await page.getByRole('link', { name: 'Log out' }).click();
  // The IdP's single logout brings the browser back home, where the portal sends it to sign in.
  await page.getByRole('button', { name: 'Continue to sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`^${idp.origin}/sso\\?SAMLRequest=`));
  expect(idp.logouts()).toBe(1);
  expect((await page.request.get(`${portal.url}/api/users/user`)).status()).toBe(401);
});

test('a member of the staff group reaches /admin', async ({ page }) => {
  await page.goto(`${portal.url}/admin`);
  await page.getByRole('button', { name: 'Continue to sign in' }).click();
  await page.getByLabel('Username').fill('mchen');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(`${portal.url}/admin`);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expectNoAxeViolations(page);
  const user: unknown = await page.evaluate(() =>
    fetch('/api/users/user').then((r): Promise<unknown> => r.json()),
  );
  expect(user).toMatchObject({ username: 'mchen', is_staff: true });
});

test('a replayed response shows the sign-in problem page with a reference', async ({ page }) => {
  await page.goto(`${portal.url}/`);
  await page.getByRole('button', { name: 'Continue to sign in' }).click();
  await page.getByLabel('Username').fill('avalencia');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const continueForm = page.getByRole('button', { name: 'Continue' });
  await continueForm.waitFor();
  const samlResponse = await page.locator('input[name="SAMLResponse"]').inputValue();
  await continueForm.click();
  await expect(page).toHaveURL(`${portal.url}/`);
  const replay = await page.request.post(`${portal.url}/auth/saml/acs`, {
    form: { SAMLResponse: samlResponse },
    headers: { accept: 'text/html' },
  });
  expect(replay.status()).toBe(400);
  await page.setContent(await replay.text());
  await expect(page.getByRole('heading', { name: 'Sign-in did not complete' })).toBeVisible();
  await expect(page.getByText(/give the help desk this reference: \S+-\S+\./)).toBeVisible();
});
