import { expect, test } from './server.js';
import { expectNoAxeViolations } from './axe.js';
import { startUpstreamServer } from './upstream-server.js';
import type { UpstreamServer } from './upstream-server.js';

/**
 * A server whose emergency-alert feed is down (nothing listens at its address) and that has no copy
 * of the last 24 hours, as after a restart during an outage.
 */
test.describe('when the emergency feed is down and no copy of the last 24 hours exists', () => {
  const port = Number(process.env.E2E_PORT ?? 4180) + 103;
  let upstream: UpstreamServer;

  test.beforeAll(async () => {
    upstream = await startUpstreamServer(port, { deadAlerts: true });
  });
  test.afterAll(async () => {
    await upstream.stop();
  });

  test('every page says plainly that alerts could not be checked, with the campus safety phone number', async ({
    page,
  }) => {
    await page.goto(`${upstream.base}/auth/login?next=%2F`);
    await page.getByRole('button', { name: 'Sign in as Student', exact: true }).click();
    for (const path of ['/', '/community', '/academics', '/account']) {
      if (path !== '/') await page.goto(`${upstream.base}${path}`);
      const notice = page
        .getByRole('status')
        .filter({ hasText: 'Emergency alerts could not be checked right now.' });
      await expect(notice).toBeVisible();
      await expect(notice).toContainText('If you are in danger, call 911.');
      await expect(notice.getByRole('link')).toHaveAttribute('href', 'tel:+15035550123');
    }
    await expectNoAxeViolations(page);
  });
});
