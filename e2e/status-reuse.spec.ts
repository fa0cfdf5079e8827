import { expect, test } from './server.js';
import { signInAs } from './sign-in.js';

// Issue 48: every navigation runs the guard's rule (portal.md §2 step 1), but a status answer younger
// than 30 seconds is reused, so an in-app navigation right after the first load asks for no second one.
test('an in-app navigation right after load reuses the status answer of the first load', async ({
  page,
}) => {
  await signInAs(page, 'Student', '/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const statusCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/status') statusCalls.push(request.url());
  });
  await page.getByRole('contentinfo').getByRole('link', { name: 'Finances', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Finances' })).toBeVisible();
  expect(statusCalls).toEqual([]);
});
