import type { Page } from '@playwright/test';
import { expect, test } from './server.js';
import { expectNoAxeViolations } from './axe.js';
import { signInAs } from './sign-in.js';

/**
 * Issue 87: a reader who chose Español, on a browser that asks for English, meets the error screens
 * in Spanish: the app's "page not found" and the server's own pages (a broken unsubscribe link, the
 * sign-in page after the session ended), read from the language cookie the portal keeps, at 390 px,
 * light and dark, with no axe violation.
 */
test.use({
  viewport: { width: 390, height: 844 },
  locale: 'en-US',
  extraHTTPHeaders: { 'accept-language': 'en-US,en;q=0.9' },
});

const LANGUAGE_COOKIE = 'campus-portal-language';

/** axe in both themes, a screenshot of each left in the test's output folder. */
async function checkBothThemes(page: Page, name: string, outputPath: (file: string) => string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectNoAxeViolations(page);
    await page.screenshot({ path: outputPath(`${name}-390-${scheme}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a reader who chose Español gets the 404 and the server’s error pages in Spanish with an English browser', async ({
  page,
}, testInfo) => {
  const out = (file: string) => testInfo.outputPath(file);
  await signInAs(page, 'Student');
  await page.goto('/account');
  await page.getByRole('radio', { name: 'Español' }).check();
  await expect(page.getByRole('status').filter({ hasText: 'Guardado.' })).toBeVisible();
  const kept = (await page.context().cookies()).find((c) => c.name === LANGUAGE_COOKIE);
  expect(kept).toMatchObject({ value: 'es', sameSite: 'Lax', httpOnly: false });

  // The app's "not found", in Spanish from its first paint on.
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible();
  await expect(page.getByText('No pudimos encontrar esa página.')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await checkBothThemes(page, 'not-found-es', out);

  // The session ends (as when it runs out): the cookie of the choice stays.
  await page.context().clearCookies({ name: 'portal_session' });

  // A server page: an unsubscribe link that does not work, drawn by the server.
  const broken = await page.goto('/api/notify/unsubscribe?token=not-a-token');
  expect(broken?.status()).toBeGreaterThanOrEqual(400);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Este enlace no funciona' }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await checkBothThemes(page, 'unsubscribe-broken-es', out);

  // A page of the portal without a session: sent to sign in, in Spanish.
  await page.goto('/academics');
  await page.waitForURL(/\/auth\/login/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1, name: /^Inicie sesión en / })).toBeVisible();
  await checkBothThemes(page, 'sign-in-es', out);
});
