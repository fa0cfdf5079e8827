import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { pushMessageSchema } from '../../../contract/push.schema.js';
import { openDatabase } from '../../../server/db/database.js';
import type { Database } from '../../../server/db/database.js';
import { FakeFeeds } from '../../fake-feeds/fake-feeds.js';
import { FakePushService, verifyVapid } from '../../fake-push/fake-push.js';
import type { FakeDevice } from '../../fake-push/fake-push.js';
import { createTestApp, signIn } from '../helpers/app.js';
import { at, days, reminderApp } from './fixture.js';

/** An RSS alert feed of the university with the given items (title, guid, minutes ago). */
function alertFeed(
  items: Array<{ title: string; guid: string; minutesAgo: number; text?: string }>,
) {
  const now = Date.now();
  const entries = items
    .map(
      (
        i,
      ) => `<item><title>${i.title}</title><description>${i.text ?? 'Stay where you are.'}</description>
        <guid isPermaLink="false">${i.guid}</guid>
        <pubDate>${new Date(now - i.minutesAgo * 60_000).toUTCString()}</pubDate></item>`,
    )
    .join('');
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Campus Alerts</title>
    <link>https://alerts.campus.example.edu/</link><description>Alerts</description>${entries}</channel></rss>`;
}

// Each case starts one or two whole portals and signs people in: more than the default on a busy machine.
describe(
  'web push (a push service on this machine, payloads decrypted with the device keys)',
  { timeout: 60_000 },
  () => {
    let push: FakePushService;
    let feeds: FakeFeeds;
    const apps: FastifyInstance[] = [];
    const databases: Database[] = [];

    beforeAll(async () => {
      push = await FakePushService.start();
      feeds = await FakeFeeds.start();
    });
    afterAll(async () => {
      await push.close();
      await feeds.close();
    });
    afterEach(async () => {
      for (const app of apps.splice(0)) await app.close();
      for (const db of databases.splice(0)) await db.close();
      push.received.length = 0;
    });

    /** A portal whose alert feed is the fake host's `alerts.xml`, sending push through the fake service. */
    async function portal(database?: Database) {
      const app = await createTestApp({
        env: {
          CAMPUS_CONFIG: feeds.campusConfig({ emergencyAlertsFeed: feeds.url('alerts.xml') }),
          PUBLIC_ORIGIN: 'https://portal.example.edu',
          PUSH_SERVICE_HOSTS: push.host,
        },
        notify: { pushAgent: push.agent() },
        ...(database ? { database } : {}),
      });
      apps.push(app);
      return app;
    }

    async function subscribe(app: FastifyInstance, token: string, device: FakeDevice) {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: { authorization: `Token ${token}` },
        payload: device.subscription,
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ subscribed: true });
    }

    const messagesTo = (device: FakeDevice) =>
      push.received
        .filter((m) => m.device === device.id)
        .map((m) => pushMessageSchema.parse(JSON.parse(device.decrypt(m.body))));

    it('a new emergency alert reaches every device with push on at once, encrypted for each device (RFC 8291) and signed with the portal VAPID key (RFC 8292)', async () => {
      feeds.serve(
        'alerts.xml',
        alertFeed([{ title: 'Shelter in place', guid: 'a-1', minutesAgo: 2 }]),
      );
      const app = await portal();
      const student = await signIn(app, 'student');
      const staff = await signIn(app, 'staff');
      const phone = push.device();
      const laptop = push.device();
      const office = push.device();
      await subscribe(app, student.token, phone);
      await subscribe(app, student.token, laptop);
      await subscribe(app, staff.token, office);

      expect(await app.notify.pushAlerts()).toBe(3);
      expect(await app.notify.tick()).toBe(3);

      for (const device of [phone, laptop, office]) {
        expect(messagesTo(device)).toEqual([
          expect.objectContaining({
            title: 'Shelter in place',
            body: 'Stay where you are.',
            url: '/messages',
          }),
        ]);
      }
      const message = push.received[0]!;
      expect(message.headers['content-encoding']).toBe('aes128gcm');
      expect(message.headers.urgency).toBe('high');
      const claims = verifyVapid(String(message.headers.authorization), app.notify.pushKey);
      expect(claims.aud).toBe(new URL(phone.subscription.endpoint).origin);
      expect(claims.sub).toBe('mailto:no-reply@portal.example.edu');
      expect(claims.exp * 1000).toBeGreaterThan(Date.now());
      // A device's keys open only its own message.
      expect(() =>
        laptop.decrypt(push.received.find((m) => m.device === phone.id)!.body),
      ).toThrow();
    });

    it('pushes reuse the VAPID token signed for their push service and its kept-alive connections', async () => {
      feeds.serve(
        'alerts.xml',
        alertFeed([{ title: 'Shelter in place', guid: 'k-1', minutesAgo: 2 }]),
      );
      const app = await portal();
      const student = await signIn(app, 'student');
      const devices = [push.device(), push.device(), push.device()];
      for (const device of devices) await subscribe(app, student.token, device);
      const before = push.connections;
      expect(await app.notify.pushAlerts()).toBe(3);
      expect(await app.notify.tick()).toBe(3);
      const opened = push.connections - before;
      // Devices turned on while the alert is new get it in a later round.
      for (const device of [push.device(), push.device(), push.device()]) {
        await subscribe(app, student.token, device);
      }
      expect(await app.notify.pushAlerts()).toBe(3);
      expect(await app.notify.tick()).toBe(3);
      expect(push.received).toHaveLength(6);
      // One token for the six messages, and the later round over the first one's connections.
      expect(new Set(push.received.map((m) => m.headers.authorization)).size).toBe(1);
      expect(opened).toBeGreaterThan(0);
      expect(push.connections - before).toBe(opened);
    });

    it('an emergency alert is no topic: a person who stopped "Messages from the university" still gets it pushed', async () => {
      feeds.serve('alerts.xml', alertFeed([{ title: 'Gas leak', guid: 'a-9', minutesAgo: 1 }]));
      const app = await portal();
      const student = await signIn(app, 'student');
      const phone = push.device();
      await subscribe(app, student.token, phone);
      const user = await app.repositories.users.findByUsername('avalencia');
      expect(await app.notify.unsubscribe(user?.id ?? 0, 'messages')).toBe(true);
      expect(await app.notify.pushAlerts()).toBe(1);
      await app.notify.tick();
      expect(messagesTo(phone).map((m) => m.title)).toEqual(['Gas leak']);
    });

    it('an alert is pushed once per device: later rounds, and a second process on the same store, add nothing', async () => {
      feeds.serve(
        'alerts.xml',
        alertFeed([{ title: 'Gas leak at Smith Hall', guid: 'a-2', minutesAgo: 1 }]),
      );
      const database = await openDatabase({ sqliteFile: ':memory:' });
      databases.push(database);
      const first = await portal(database);
      const second = await portal(database);
      const student = await signIn(first, 'student');
      const phone = push.device();
      await subscribe(first, student.token, phone);

      await Promise.all([first.notify.pushAlerts(), second.notify.pushAlerts()]);
      await Promise.all([first.notify.tick(), second.notify.tick()]);
      await first.notify.pushAlerts();
      await second.notify.pushAlerts();
      await first.notify.tick();
      await second.notify.tick();

      expect(messagesTo(phone).map((m) => m.title)).toEqual(['Gas leak at Smith Hall']);
      expect(second.notify.pushKey).toBe(first.notify.pushKey);
    });

    it('a device turned on while an alert is still new gets it too; a test of the alert system and an alert older than 30 minutes are not pushed', async () => {
      feeds.serve(
        'alerts.xml',
        alertFeed([
          { title: 'Road closed on Broadway', guid: 'a-3', minutesAgo: 5 },
          { title: 'Campus alert test', guid: 'a-test', minutesAgo: 1, text: 'This is a test.' },
          { title: 'Earlier notice', guid: 'a-old', minutesAgo: 45 },
        ]),
      );
      const app = await portal();
      const student = await signIn(app, 'student');
      const phone = push.device();
      await subscribe(app, student.token, phone);
      await app.notify.pushAlerts();
      const tablet = push.device();
      await subscribe(app, student.token, tablet);
      await app.notify.pushAlerts();
      await app.notify.tick();
      expect(messagesTo(phone).map((m) => m.title)).toEqual(['Road closed on Broadway']);
      expect(messagesTo(tablet).map((m) => m.title)).toEqual(['Road closed on Broadway']);
    });

    it('a push service answering 410 Gone or 404 has the device forgotten and the job dropped, not retried', async () => {
      feeds.serve(
        'alerts.xml',
        alertFeed([{ title: 'Building evacuated', guid: 'a-4', minutesAgo: 1 }]),
      );
      const app = await portal();
      const student = await signIn(app, 'student');
      const gone = push.device();
      const unknown = push.device();
      const kept = push.device();
      push.answer(gone.id, 410);
      push.answer(unknown.id, 404);
      for (const device of [gone, unknown, kept]) await subscribe(app, student.token, device);
      await app.notify.pushAlerts();
      await app.notify.tick();

      const jobs = await app.notify.jobs.all();
      const devices = await app.repositories.pushSubscriptions.ofUser(jobs[0]!.user_id);
      expect(devices.map((d) => d.endpoint)).toEqual([kept.subscription.endpoint]);
      expect(devices[0]?.last_success_at).not.toBeNull();
      expect(jobs.map((j) => j.state).sort()).toEqual(['dropped', 'dropped', 'sent']);
      expect(jobs.find((j) => j.state === 'dropped')?.last_error).toBe(
        'the push service no longer knows the device',
      );
    });

    it('another failure of the push service is recorded against the device and retried later', async () => {
      feeds.serve('alerts.xml', alertFeed([{ title: 'Snow closure', guid: 'a-5', minutesAgo: 1 }]));
      const app = await portal();
      const student = await signIn(app, 'student');
      const phone = push.device();
      push.answer(phone.id, 503);
      await subscribe(app, student.token, phone);
      await app.notify.pushAlerts();
      await app.notify.tick();
      const [job] = await app.notify.jobs.all();
      expect(job).toMatchObject({ state: 'pending', attempts: 1 });
      expect(job?.last_error).toMatch(/push service answered 503/);
      expect(Date.parse(job!.run_at)).toBeGreaterThan(Date.now() + 30_000);
      const [device] = await app.repositories.pushSubscriptions.ofUser(job!.user_id);
      expect(device?.failures).toBe(1);
    });

    describe('Next Steps deadline reminders by push', () => {
      const DEADLINE = new Date('2026-11-04T00:00:00.000Z');

      async function withDevice() {
        const f = await reminderApp(at(DEADLINE, -days(2)), {
          env: { PUSH_SERVICE_HOSTS: push.host },
          notify: { pushAgent: push.agent() },
        });
        apps.push(f.app);
        const { token } = await signIn(f.app, 'student');
        const phone = push.device();
        await subscribe(f.app, token, phone);
        return { ...f, phone };
      }

      it('a student who chose deadline alerts gets the reminder on each device with push on, opening the task', async () => {
        const f = await withDevice();
        const { taskId, userTaskId } = await f.addTask(DEADLINE);
        await f.app.notify.plan();
        const keys = (await f.jobsOf(userTaskId)).map((j) => j.key);
        expect(keys).toContain(`reminder:${userTaskId}:1:${DEADLINE.toISOString()}:push:1`);
        await f.app.notify.tick();
        const mine = messagesTo(f.phone).filter((m) => m.tag === `reminder-${userTaskId}`);
        expect(mine).toHaveLength(1);
        const [message] = mine;
        expect(message).toMatchObject({
          title: 'Due in 2 days: Submit the housing form',
          url: `/next-steps/task/${taskId}`,
          tag: `reminder-${userTaskId}`,
        });
        expect(message?.body).toMatch(/^Submit the housing form is due /);
        // Email goes out too: push is a channel beside it, not instead of it.
        const sent = (await f.jobsOf(userTaskId)).filter((j) => j.state === 'sent');
        expect(sent.map((j) => j.key)).toEqual([
          `reminder:${userTaskId}:3:${DEADLINE.toISOString()}`,
          `reminder:${userTaskId}:3:${DEADLINE.toISOString()}:push:1`,
        ]);
      });

      it('with email turned off (contact_by_email) the reminder still goes by push; without deadline alerts chosen, by neither', async () => {
        const f = await withDevice();
        const prefs = await f.app.repositories.preferences.forUser(f.student.id);
        await f.app.repositories.preferences.update(f.student.id, prefs.pk, {
          contact_by_email: false,
        });
        const { userTaskId } = await f.addTask(DEADLINE);
        await f.app.notify.plan();
        // The 3-day reminder is late (at once), the 1-day one at its time; both by push only.
        expect((await f.jobsOf(userTaskId)).map((j) => j.key)).toEqual([
          `reminder:${userTaskId}:3:${DEADLINE.toISOString()}:push:1`,
          `reminder:${userTaskId}:1:${DEADLINE.toISOString()}:push:1`,
        ]);
        await f.app.repositories.nextStepsProfile.setPreference(f.student.id, {
          notifications: [],
        });
        const other = await f.addTask(at(DEADLINE, days(1)), 'Pay the deposit');
        f.setNow(at(DEADLINE, -days(1)));
        await f.app.notify.plan();
        expect(await f.jobsOf(other.userTaskId)).toEqual([]);
        f.setNow(at(DEADLINE, -days(1)));
        await f.app.notify.tick();
        expect(messagesTo(f.phone)).toEqual([]);
        expect((await f.jobsOf(userTaskId)).map((j) => j.reason)).toEqual([
          'topic not chosen',
          'topic not chosen',
        ]);
      });

      it('a reminder whose task was done before it came due is dropped, not pushed', async () => {
        const f = await withDevice();
        f.setNow(at(DEADLINE, -days(4)));
        const { userTaskId } = await f.addTask(DEADLINE);
        await f.app.notify.plan();
        await f.app.database.db
          .updateTable('ns_user_tasks')
          .set({ completed_on: f.now().toISOString() })
          .where('id', '=', userTaskId)
          .execute();
        f.setNow(at(DEADLINE, -days(3)));
        await f.app.notify.tick();
        expect(messagesTo(f.phone).filter((m) => m.tag === `reminder-${userTaskId}`)).toEqual([]);
        const mine = (await f.jobsOf(userTaskId)).filter((j) => j.key.includes(':push:'));
        expect(mine.map((j) => [j.state, j.reason])).toEqual([['dropped', 'task done']]);
      });
    });
  },
);
