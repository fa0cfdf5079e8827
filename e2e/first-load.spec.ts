import { expect, test } from './server.js';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import { signInAs } from './sign-in.js';

// What the browser asks for as it draws a page itself: a page the server drew asks for less.
test.use({ undrawn: true });

/**
 * What a first load asks for, in the order the browser sent it. On HTTP/1.1 a browser opens six
 * connections to the portal, so what is asked for first is what arrives first.
 */
function sentInOrder(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    sent.push(`${url.pathname}${url.search}`);
  });
  return sent;
}

async function signIn(page: Page) {
  await signInAs(page, 'Student', '/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
}

const position = (sent: string[], pattern: RegExp) => {
  const at = sent.findIndex((path) => pattern.test(path));
  expect(at, `${pattern} was asked for`).toBeGreaterThanOrEqual(0);
  return at;
};

test('the dashboard’s own reads are sent before the roles refresh and the profile read, which no first screen shows', async ({
  page,
}) => {
  await signIn(page);
  const sent = sentInOrder(page);
  const profileAsked = page.waitForRequest((request) =>
    request.url().includes('/api/psu_user_profile'),
  );
  const rolesAsked = page.waitForRequest((request) => request.url().includes('/api/users/roles'));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await Promise.all([profileAsked, rolesAsked]);
  const later = Math.min(
    position(sent, /^\/api\/users\/roles$/),
    position(sent, /^\/api\/psu_user_profile$/),
  );
  // The holds, read on Account, come with the page itself (first-answers.spec.ts): not asked for.
  expect(sent).not.toContain('/api/integrations/finti/holds');
  for (const read of [
    /^\/api\/pages\?path=%2F$/,
    /^\/api\/notifications\/user$/,
    /^\/api\/integrations\/mynextsteps\/tasks$/,
  ]) {
    expect(position(sent, read), `${read} before the roles and the profile`).toBeLessThan(later);
  }
  await expectNoAxeViolations(page);
});

test('a page beyond the dashboard asks for its own code while the guard runs, before the reads the guard lets through', async ({
  page,
}) => {
  await signIn(page);
  const sent = sentInOrder(page);
  await page.goto('/academics');
  await expect(page.getByRole('heading', { level: 1, name: 'Academics' })).toBeVisible();
  expect(position(sent, /^\/assets\/academics-[\w-]+\.js$/)).toBeLessThan(
    position(sent, /^\/api\/notifications\/user$/),
  );
  await expectNoAxeViolations(page);
});
