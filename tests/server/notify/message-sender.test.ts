import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { pushMessageSchema } from '../../../contract/push.schema.js';
import { messagePath, messageText } from '../../../server/notify/message-sender.js';
import { FakePushService, verifyVapid } from '../../fake-push/fake-push.js';
import type { FakeDevice } from '../../fake-push/fake-push.js';
import { createTestApp, signIn } from '../helpers/app.js';
import { adminAs } from '../routes/admin/admin-client.js';

// Tue Nov 3, 2026, 11:00 AM PST: outside the default quiet hours, so nothing waits.
const MORNING = new Date('2026-11-03T19:00:00.000Z');
const SID = `AC${'ab'.repeat(16)}`;

describe('"also notify" by text and web push (issue 29)', { timeout: 60_000 }, () => {
  let push: FakePushService;
  let twilio: Server;
  let twilioPort = 0;
  const posted: Array<{ path: string; form: URLSearchParams }> = [];
  let app: FastifyInstance | undefined;

  beforeAll(async () => {
    push = await FakePushService.start();
    twilio = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        posted.push({ path: req.url ?? '', form: new URLSearchParams(body) });
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end('{"sid":"SM1","status":"queued"}');
      });
    });
    await new Promise<void>((resolve) => twilio.listen(0, '127.0.0.1', resolve));
    twilioPort = (twilio.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await push.close();
    await new Promise((resolve) => twilio.close(resolve));
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
    push.received.length = 0;
    posted.length = 0;
  });

  /** A portal on the campus morning, the student signed in with texts allowed and a number given. */
  async function portal(env: Record<string, string> = {}) {
    const a = await createTestApp({
      clock: () => MORNING,
      env: { PUBLIC_ORIGIN: 'https://portal.example.edu', PUSH_SERVICE_HOSTS: push.host, ...env },
      notify: { pushAgent: push.agent() },
    });
    app = a;
    const staff = await adminAs(a, 'staff');
    const student = await signIn(a, 'student');
    const studentId = (await a.repositories.users.findByUsername('avalencia'))?.id ?? 0;
    const prefs = await a.repositories.preferences.forUser(studentId);
    await a.repositories.preferences.update(studentId, prefs.pk, {
      contact_by_text: true,
      sms_number: '(503) 555-0142',
    });
    const write = (title: string, fields: Array<[string, string]> = []) =>
      staff.form('/admin/messages', [
        ['audience', 'person'],
        ['username', 'avalencia'],
        ['title', title],
        ['body', 'The library closes at 6 PM on Friday.\n\nIt opens again on Monday.'],
        ['also_notify', 'on'],
        ...fields,
      ]);
    const subscribe = async (device: FakeDevice) => {
      const answer = await a.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: { authorization: `Token ${student.token}` },
        payload: device.subscription,
      });
      expect(answer.json()).toEqual({ subscribed: true });
    };
    const jobs = async () =>
      (await a.notify.jobs.all()).filter((j) => j.idempotency_key.startsWith('message:'));
    return { app: a, studentId, write, subscribe, jobs };
  }

  const messagesTo = (device: FakeDevice) =>
    push.received
      .filter((m) => m.device === device.id)
      .map((m) => pushMessageSchema.parse(JSON.parse(device.decrypt(m.body))));

  it('each device the student turned push on for receives the message, encrypted for it and signed with the portal VAPID key; it opens the Messages page', async () => {
    const p = await portal();
    const phone = push.device();
    const laptop = push.device();
    await p.subscribe(phone);
    await p.subscribe(laptop);
    await p.write('Library hours change');
    await p.app.notify.tick();
    const [message] = await p.app.repositories.adminMessages.list();
    for (const device of [phone, laptop]) {
      expect(messagesTo(device)).toEqual([
        {
          title: 'Library hours change',
          body: 'The library closes at 6 PM on Friday. It opens again on Monday.',
          url: '/messages',
          tag: `message-${message?.id}`,
        },
      ]);
    }
    const sent = push.received[0];
    expect(sent?.headers['content-encoding']).toBe('aes128gcm');
    verifyVapid(String(sent?.headers.authorization), p.app.notify.pushKey);
    expect((await p.jobs()).filter((j) => j.channel === 'push').map((j) => j.state)).toEqual([
      'sent',
      'sent',
    ]);
  });

  it('a message with an action link in the portal opens that page; one linking elsewhere opens the Messages page', async () => {
    const p = await portal();
    const phone = push.device();
    await p.subscribe(phone);
    await p.write('Update your address', [['action_link', '/account']]);
    await p.write('Read the catalogue', [['action_link', 'https://catalog.example.edu/']]);
    await p.app.notify.tick();
    expect(
      messagesTo(phone)
        .map((m) => [m.title, m.url])
        .sort(),
    ).toEqual([
      ['Read the catalogue', '/messages'],
      ['Update your address', '/account'],
    ]);
  });

  it('a device whose push service no longer knows it is forgotten and its message job dropped', async () => {
    const p = await portal();
    const phone = push.device();
    await p.subscribe(phone);
    push.answer(phone.id, 410);
    await p.write('Library hours change');
    await p.app.notify.tick();
    expect((await p.jobs()).find((j) => j.channel === 'push')).toMatchObject({
      state: 'dropped',
      last_error: 'the push service no longer knows the device',
    });
    expect(await p.app.repositories.pushSubscriptions.ofUser(p.studentId)).toEqual([]);
  });

  it('without Twilio configured the text is kept in the outbox, marked as a text, with the address to read it at', async () => {
    const p = await portal();
    await p.write('Library hours change');
    await p.app.notify.tick();
    const text = (await p.app.notify.outbox.list(10)).find((e) => e.channel === 'sms');
    expect(text).toMatchObject({
      recipient: '(503) 555-0142',
      topic: 'messages',
      state: 'sent',
      text: 'Campus Portal: Library hours change. Read it: https://portal.example.edu/messages',
    });
  });

  it('with Twilio configured the text is posted to Twilio to the number in E.164, from TWILIO_FROM', async () => {
    const p = await portal({
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM: '+15035550100',
      TWILIO_API_URL: `http://127.0.0.1:${twilioPort}`,
    });
    await p.write('Library hours change');
    await p.app.notify.tick();
    expect(posted).toHaveLength(1);
    expect(posted[0]?.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(posted[0]?.form.get('To')).toBe('+15035550142');
    expect(posted[0]?.form.get('From')).toBe('+15035550100');
    expect(posted[0]?.form.get('Body')).toBe(
      'Campus Portal: Library hours change. Read it: https://portal.example.edu/messages',
    );
    expect((await p.app.notify.outbox.list(10)).some((e) => e.channel === 'sms')).toBe(false);
  });

  it('texts withdrawn after planning: the text job is dropped when it comes due, the email still goes', async () => {
    const p = await portal();
    await p.write('Library hours change');
    const prefs = await p.app.repositories.preferences.forUser(p.studentId);
    await p.app.repositories.preferences.update(p.studentId, prefs.pk, { contact_by_text: false });
    await p.app.notify.tick();
    const jobs = await p.jobs();
    expect(jobs.find((j) => j.channel === 'sms')).toMatchObject({
      state: 'dropped',
      last_error: 'text not allowed',
    });
    expect(jobs.find((j) => j.channel === 'email')).toMatchObject({ state: 'sent' });
  });

  it('the messages topic stopped after planning: the pending text and push are dropped when they come due', async () => {
    const p = await portal();
    await p.subscribe(push.device());
    await p.write('Library hours change');
    expect(await p.app.notify.unsubscribe(p.studentId, 'messages')).toBe(true);
    await p.app.notify.tick();
    const jobs = await p.jobs();
    expect(jobs.map((j) => [j.channel, j.state, j.last_error]).sort()).toEqual([
      ['email', 'dropped', 'topic not chosen'],
      ['push', 'dropped', 'topic not chosen'],
      ['sms', 'dropped', 'topic not chosen'],
    ]);
    expect(push.received).toEqual([]);
    // The message itself stays for the student on the Messages page.
    expect((await p.app.repositories.adminMessages.list()).map((m) => m.title)).toContain(
      'Library hours change',
    );
  });
});

describe('a message’s text and the page it opens', () => {
  it('a long title is shortened with "..." so the text stays one 160-character segment', () => {
    const text = messageText(
      'Campus Portal',
      `The ${'very '.repeat(40)}long title`,
      'https://portal.example.edu/messages',
    );
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text).toMatch(/\.\.\.\. Read it: https:\/\/portal\.example\.edu\/messages$/);
  });

  it('typographic quotes and dashes become plain ones', () => {
    expect(messageText('Campus Portal', 'It’s “open” – now', 'https://p.example/messages')).toBe(
      'Campus Portal: It\'s "open" - now. Read it: https://p.example/messages',
    );
  });

  it.each([
    [null, '/messages'],
    ['/account', '/account'],
    ['//evil.example/x', '/messages'],
    ['https://catalog.example.edu/', '/messages'],
  ])('a message with the action link %s opens %s', (actionLink, path) => {
    expect(messagePath({ actionLink })).toBe(path);
  });
});
