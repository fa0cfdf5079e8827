import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { pushMessageSchema } from '../../../contract/push.schema.js';
import { FakeFeeds } from '../../fake-feeds/fake-feeds.js';
import { FakePushService } from '../../fake-push/fake-push.js';
import type { FakeDevice } from '../../fake-push/fake-push.js';
import { createTestApp, signIn } from '../helpers/app.js';

/** The push service's time limit here: a stalling device's send fails after this long. */
const TIMEOUT_MS = 1500;

/** The alert feed with one alert, published a minute ago. */
function alertFeed(items: Array<{ title: string; guid: string }>) {
  const pubDate = new Date(Date.now() - 60_000).toUTCString();
  const entries = items
    .map(
      (i) => `<item><title>${i.title}</title><description>Stay where you are.</description>
        <guid isPermaLink="false">${i.guid}</guid><pubDate>${pubDate}</pubDate></item>`,
    )
    .join('');
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Campus Alerts</title>
    <link>https://alerts.campus.example.edu/</link><description>Alerts</description>${entries}</channel></rss>`;
}

describe('devices that stall on a shared push service (issue 56)', { timeout: 60_000 }, () => {
  let push: FakePushService;
  let feeds: FakeFeeds;
  let app: FastifyInstance;

  beforeAll(async () => {
    push = await FakePushService.start();
    feeds = await FakeFeeds.start();
  });
  afterAll(async () => {
    await app.close();
    await push.close();
    await feeds.close();
  });

  it('a second alert reaches the devices that answer without waiting behind the devices that timed out on the first', async () => {
    // The portal's clock runs ahead when the test says: the alert feed is read anew after 5 s.
    let ahead = 0;
    app = await createTestApp({
      clock: () => new Date(Date.now() + ahead),
      env: {
        CAMPUS_CONFIG: feeds.campusConfig({ emergencyAlertsFeed: feeds.url('alerts.xml') }),
        PUBLIC_ORIGIN: 'https://portal.example.edu',
        PUSH_SERVICE_HOSTS: push.host,
        PUSH_TIMEOUT_MS: String(TIMEOUT_MS),
        NOTIFY_CONCURRENCY: '4',
        NOTIFY_URGENT_SLOTS: '1',
        NOTIFY_PER_DESTINATION: '2',
        NOTIFY_URGENT_PER_DESTINATION: '2',
      },
      notify: { pushAgent: push.agent(), backoffMs: 1 },
    });
    const { token } = await signIn(app, 'student');
    const subscribe = async (device: FakeDevice) => {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: { authorization: `Token ${token}` },
        payload: device.subscription,
      });
      expect(answer.statusCode).toBe(200);
    };
    // The stalling devices registered first: their jobs are the oldest of each alert.
    const stalling = [push.device(), push.device()];
    const healthy = [push.device(), push.device()];
    for (const device of [...stalling, ...healthy]) await subscribe(device);
    for (const device of stalling) push.stall(device.id);
    const arrived = new Map<string, number>();
    push.onMessage((message) => {
      const device = healthy.find((d) => d.id === message.device);
      if (!device) return;
      const { title } = pushMessageSchema.parse(JSON.parse(device.decrypt(message.body)));
      arrived.set(`${title} ${device.id}`, Date.now());
    });

    // The first alert: the stalling devices time out (their retries wait beside the others).
    feeds.serve('alerts.xml', alertFeed([{ title: 'First alert', guid: 'a-1' }]));
    expect(await app.notify.pushAlerts()).toBe(4);
    while (healthy.some((d) => !arrived.has(`First alert ${d.id}`))) await app.notify.tick();
    const jobs = await app.notify.jobs.all();
    const retried = jobs.filter((j) => j.state === 'pending' && j.last_error !== null);
    expect(retried.length).toBeGreaterThan(0);
    expect(retried.every((j) => j.destination === `slow:push:${push.host}`)).toBe(true);

    // The second alert: to the devices that answer at once, not after the stalled ones' time limit.
    ahead += 10_000;
    feeds.serve('alerts.xml', alertFeed([{ title: 'Second alert', guid: 'a-2' }]));
    // The feed read after its freshness may answer the kept copy first and the new one next.
    let added = 0;
    await expect.poll(async () => (added += await app.notify.pushAlerts())).toBe(4);
    const first = new Set(jobs.map((j) => j.id));
    const second = (await app.notify.jobs.all()).filter((j) => !first.has(j.id));
    expect(second.map((j) => j.destination).sort()).toEqual([
      `push:${push.host}`,
      `push:${push.host}`,
      `slow:push:${push.host}`,
      `slow:push:${push.host}`,
    ]);
    const start = Date.now();
    await app.notify.tick();
    for (const device of healthy) {
      const at = arrived.get(`Second alert ${device.id}`);
      expect(at, device.id).toBeDefined();
      expect((at ?? Infinity) - start).toBeLessThan(TIMEOUT_MS);
    }
  });
});
