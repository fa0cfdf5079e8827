import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from './server.js';
import { FakeFeeds } from '../tests/fake-feeds/fake-feeds.js';
import { FakePushService } from '../tests/fake-push/fake-push.js';
import type { FakeDevice, Received } from '../tests/fake-push/fake-push.js';
import { expectNoAxeViolations } from './axe.js';
import { chromiumLaunch } from '../playwright.config.js';

/**
 * Web push, from opting in on Account to opening an emergency alert (issue 29).
 *
 * What is faked, and only that: the push service. Headless Chromium cannot reach a real one (its
 * subscribe() needs Google's push service), so
 * - an init script replaces PushManager.prototype.subscribe/getSubscription with a subscription whose
 *   endpoint is the test's own push service on this machine (tests/fake-push), with a P-256 key pair
 *   and auth secret the test made as a browser makes them;
 * - the portal server (a real process, told to trust that service's certificate) sends the alert
 *   there with VAPID and RFC 8291 encryption; the test decrypts it with the device's private keys,
 *   as the browser's push service client would, and hands the plain text to the portal's real
 *   service worker with CDP `ServiceWorker.deliverPushMessage`, once the student is on another page;
 * - the worker's notification is read back with registration.getNotifications(). A headless browser
 *   has no notification to click, so the click is followed as the worker's notificationclick does:
 *   to the page the notification names.
 * Everything else is real: the Account control, the service worker, the server's routes, its alert
 * watcher, the job and the worker that sends it.
 */
// The whole browser: in the headless shell the other journeys run in, notifications read as
// blocked whatever the context grants (Account says "Notifications are blocked…").
test.use({ launchOptions: chromiumLaunch });

test.describe('web push', () => {
  const port = Number(process.env.E2E_PORT ?? 4180) + 104;
  const base = `http://127.0.0.1:${port}`;
  let feeds: FakeFeeds;
  let push: FakePushService;
  let server: ChildProcess;
  const device: { current?: FakeDevice } = {};

  test.beforeAll(async () => {
    feeds = await FakeFeeds.start();
    push = await FakePushService.start();
    const now = new Date().toUTCString();
    feeds.serve(
      'alerts.xml',
      `<?xml version="1.0"?><rss version="2.0"><channel><title>Campus Alerts</title>
      <link>https://alerts.campus.example.edu/</link><description>Alerts</description>
      <item><title>Shelter in place: Science building</title>
      <description>Police activity near the Science building. Stay indoors.</description>
      <guid isPermaLink="false">push-journey-alert</guid><pubDate>${now}</pubDate></item>
      </channel></rss>`,
    );
    server = spawn(process.execPath, ['dist/server/server.js'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'development',
        LOG_LEVEL: 'error',
        DATABASE_URL: '',
        REDIS_URL: '',
        DATA_DIR: path.join(mkdtempSync(path.join(tmpdir(), 'portal-push-')), 'data'),
        CAMPUS_CONFIG: feeds.campusConfig({ emergencyAlertsFeed: feeds.url('alerts.xml') }),
        NODE_EXTRA_CA_CERTS: push.certFile,
        // The test's push service is on this machine: only its exact host:port may be (issue 40).
        PUSH_SERVICE_HOSTS: push.host,
        RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000',
      },
      stdio: 'ignore',
    });
    for (let i = 0; i < 600; i += 1) {
      const up = await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the portal server did not start');
  });
  test.afterAll(async () => {
    server.kill('SIGTERM');
    await feeds.close();
    await push.close();
  });

  test('a student turns notifications on in Account, gets an emergency alert while on another page, and it opens the alerts', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await context.grantPermissions(['notifications'], { origin: base });
    const phone = push.device();
    device.current = phone;
    await page.addInitScript((subscription) => {
      const KEY = 'test-push-subscription';
      const fake = () => {
        const json = localStorage.getItem(KEY);
        if (!json) return null;
        const s = JSON.parse(json) as typeof subscription;
        return {
          endpoint: s.endpoint,
          expirationTime: null,
          options: { userVisibleOnly: true },
          toJSON: () => ({ ...s, expirationTime: null }),
          unsubscribe: async () => {
            localStorage.removeItem(KEY);
            return true;
          },
        };
      };
      PushManager.prototype.subscribe = async function () {
        localStorage.setItem(KEY, JSON.stringify(subscription));
        return fake() as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        return fake() as unknown as PushSubscription;
      };
    }, phone.subscription);
    // The alert, not a deadline reminder the planner may push to the new device first.
    const delivered = new Promise<Received>((resolve) =>
      push.onMessage((m) => {
        if (phone.decrypt(m.body).includes('Shelter in place: Science building')) resolve(m);
      }),
    );

    await page.goto(`${base}/auth/login?next=${encodeURIComponent('/account')}`);
    await page.getByRole('button', { name: 'Sign in as Student', exact: true }).click();
    const toggle = page.getByRole('checkbox', { name: 'Show notifications on this device' });
    await expect(toggle).not.toBeChecked();
    await expect(page.getByText('Off on this device.')).toBeVisible();
    await toggle.click();
    await expect(
      page.getByText('On: this device shows emergency alerts and deadline reminders.'),
    ).toBeVisible();
    await expect(toggle).toBeChecked();
    await expectNoAxeViolations(page);

    // On another page when the push service hands the message to the device.
    await page.getByRole('link', { name: 'Academics' }).first().click();
    await expect(page).toHaveURL(`${base}/academics`);
    const message = await delivered;
    const plain = phone.decrypt(message.body);
    expect(JSON.parse(plain)).toMatchObject({
      title: 'Shelter in place: Science building',
      url: '/messages',
    });

    const cdp = await context.newCDPSession(page);
    const registration = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const mine = registrations.find((r) => r.scopeURL === `${base}/` && !r.isDeleted);
        if (mine) resolve(mine.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: base,
      registrationId: await registration,
      data: plain,
    });

    const shown = async () =>
      page.evaluate(async () => {
        const r = await navigator.serviceWorker.getRegistration('/');
        const list = (await r?.getNotifications()) ?? [];
        return list.map((n) => ({ title: n.title, body: n.body, data: n.data as unknown }));
      });
    await expect.poll(shown).toEqual([
      {
        title: 'Shelter in place: Science building',
        body: 'Police activity near the Science building. Stay indoors.',
        data: { url: '/messages' },
      },
    ]);

    // Opening it: the worker's notificationclick brings the portal to the page it names.
    const [notification] = await shown();
    const { url } = notification!.data as { url: string };
    await page.goto(`${base}${url}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    await expect(
      page.getByRole('alert').or(page.getByRole('status')).filter({
        hasText: 'Shelter in place: Science building',
      }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
