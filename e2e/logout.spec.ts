import { expect, test } from './server.js';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';

const tasks = (page: Page) => page.getByRole('list', { name: 'Tasks' });

/** What the service worker keeps of the person, as text (empty when it keeps nothing). */
const keptByWorker = (page: Page) =>
  page.evaluate(async () => {
    const texts: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith('portal-kept')) continue;
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        texts.push(await ((await cache.match(request))?.text() ?? Promise.resolve('')));
      }
    }
    return texts.join('\n');
  });

async function signInToNextSteps(page: Page, persona: string) {
  await page.goto('/next-steps/');
  await page.getByRole('button', { name: `Sign in as ${persona}`, exact: true }).click();
  await expect(page).toHaveURL(/\/next-steps\/task/);
  await expect(tasks(page).getByRole('listitem').first()).toBeVisible();
  // The worker starts after the page's load: what it keeps begins with the next visit.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
  await page.reload();
  await expect(tasks(page).getByRole('listitem').first()).toBeVisible();
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('after logout, Next Steps offline shows nothing of the student, and the next person sees only their own', async ({
      page,
      context,
    }) => {
      await signInToNextSteps(page, 'Student');
      await expect.poll(() => keptByWorker(page)).toContain('avalencia');
      expect(await keptByWorker(page)).not.toMatch(/"auth_token":"[^"]/);
      expect(await keptByWorker(page)).toContain('"auth_token":""');

      await page
        .getByRole('navigation', { name: 'Next Steps' })
        .getByRole('button', { name: 'Log out' })
        .click();
      await expect(page).toHaveURL(/\/auth\/login/);
      await expectNoAxeViolations(page);

      await context.setOffline(true);
      await page.goto('/next-steps/').catch(() => null);
      await expect(tasks(page)).toHaveCount(0);
      await expect(page.getByText(/Ana|Valencia|avalencia/)).toHaveCount(0);
      await context.setOffline(false);

      await signInToNextSteps(page, 'New student');
      await expect.poll(() => keptByWorker(page)).toContain('jokafor');
      expect(await keptByWorker(page)).not.toContain('avalencia');
    });

    test('a logout link on another site only shows the "Log out?" page; its button logs out', async ({
      page,
    }) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Sign in as Student', exact: true }).click();
      await expect(page).not.toHaveURL(/\/auth\/login/);
      // A page elsewhere sends the browser to /auth/logout: a cross-site navigation.
      await page.route('https://elsewhere.example/', (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<a href="${new URL('/auth/logout', page.url()).href}">go</a>`,
        }),
      );
      await page.goto('https://elsewhere.example/');
      await page.getByRole('link', { name: 'go' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Log out?' })).toBeVisible();
      await expectNoAxeViolations(page);
      const user = await page.request.get('/api/users/user');
      expect(user.status()).toBe(200);
      await page.getByRole('button', { name: 'Log out' }).click();
      await expect(page).toHaveURL(/\/auth\/login/);
      expect((await page.request.get('/api/users/user')).status()).toBe(401);
    });
  });
}

test('demo mode ends with the logout: the next person is not in demo', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in as Student', exact: true }).click();
  const start = page.getByRole('button', { name: 'Start Demo' });
  await start.click();
  await expect
    .poll(async () => (await context.cookies()).some((c) => c.name === 'portal_demo'))
    .toBe(true);
  // Starting the demo moves the portal to its dashboard; logging out before that settles races it.
  await expect(page.getByText('DEMO', { exact: true })).toBeVisible();
  await expect(page.getByText('Hello Demo')).toBeVisible();

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/auth\/login/);
  expect((await context.cookies()).some((c) => c.name.startsWith('portal_demo'))).toBe(false);

  await page.getByRole('button', { name: 'Sign in as Advisor', exact: true }).click();
  await expect(
    page.getByRole('button', { name: 'Start Demo' }).or(page.getByRole('main')),
  ).not.toHaveCount(0);
  expect((await context.cookies()).some((c) => c.name.startsWith('portal_demo'))).toBe(false);
  await expect(page.getByRole('button', { name: 'End Demo' })).toHaveCount(0);
});

test('a post image pointing at the logout address signs nobody out; typing the address only asks', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in as Student', exact: true }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/);
  // The URL changes before the signed-in document has a body: wait for the page itself.
  await expect(page.getByRole('main')).toBeVisible();
  // What a staff post containing <img src="/auth/logout"> makes the browser do: a same-origin GET.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const img = document.createElement('img');
        img.onload = img.onerror = () => resolve();
        img.src = '/auth/logout';
        document.body.append(img);
      }),
  );
  expect((await page.request.get('/api/users/user')).status()).toBe(200);
  await page.goto('/auth/logout');
  await expect(page.getByRole('heading', { level: 1, name: 'Log out?' })).toBeVisible();
  expect((await page.request.get('/api/users/user')).status()).toBe(200);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  expect((await page.request.get('/api/users/user')).status()).toBe(401);
});
