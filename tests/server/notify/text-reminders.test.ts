import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig } from '../../../server/config.js';
import { signIn } from '../helpers/app.js';
import { at, days, hours, reminderApp } from './fixture.js';

// Deadline Tue Nov 3, 2026, 4:00 PM PST; two days before is Sun Nov 1, 4:00 PM PST.
const DEADLINE = new Date('2026-11-04T00:00:00.000Z');
const TWO_DAYS_BEFORE = at(DEADLINE, -days(2));
const SID = `AC${'ab'.repeat(16)}`;

describe('deadline reminders by text message (portal.md §3 contact_by_text, sms_number)', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  async function student(
    texts: { byText: boolean; number: string | null },
    start = TWO_DAYS_BEFORE,
    env: Record<string, string> = {},
  ) {
    const f = await reminderApp(start, {
      env: { PUBLIC_ORIGIN: 'https://portal.example.edu', ...env },
    });
    app = f.app;
    const prefs = await f.app.repositories.preferences.forUser(f.student.id);
    await f.app.repositories.preferences.update(f.student.id, prefs.pk, {
      contact_by_text: texts.byText,
      sms_number: texts.number,
    });
    return f;
  }

  it('a student who allows texts and gave a number gets a text reminder job beside the email one', async () => {
    const f = await student({ byText: true, number: '503-555-0142' });
    const { userTaskId } = await f.addTask(DEADLINE);
    await f.app.notify.plan();
    const jobs = (await f.app.notify.jobs.all()).filter((j) =>
      j.payload.includes(`:${userTaskId},`),
    );
    // The 3-day point has passed (sent at once), the 1-day one is ahead: each by email and by text.
    expect(jobs.map((j) => [j.channel, j.idempotency_key]).sort()).toEqual([
      ['email', `reminder:${userTaskId}:1:2026-11-04T00:00:00.000Z`],
      ['email', `reminder:${userTaskId}:3:2026-11-04T00:00:00.000Z`],
      ['sms', `sms:reminder:${userTaskId}:1:2026-11-04T00:00:00.000Z`],
      ['sms', `sms:reminder:${userTaskId}:3:2026-11-04T00:00:00.000Z`],
    ]);
  });

  it.each([
    ['texts not allowed', { byText: false, number: '503-555-0142' }],
    ['no number', { byText: true, number: null }],
  ])('with %s no text reminder is planned', async (_, texts) => {
    const f = await student(texts);
    await f.addTask(DEADLINE);
    await f.app.notify.plan();
    expect((await f.app.notify.jobs.all()).filter((j) => j.channel === 'sms')).toEqual([]);
  });

  it('without Twilio configured the text is kept in the outbox, marked as a text, in one 160-character segment', async () => {
    const f = await student({ byText: true, number: '503-555-0142' });
    const { taskId } = await f.addTask(DEADLINE, 'Submit the housing form');
    await f.app.notify.plan();
    await f.app.notify.tick();
    expect(f.app.notify.texter.kind).toBe('outbox');
    const text = (await f.app.notify.outbox.list(100)).find(
      (e) => e.channel === 'sms' && e.text.includes('housing'),
    );
    expect(text).toMatchObject({ recipient: '503-555-0142', topic: 'deadlines', state: 'sent' });
    expect(text?.text).toBe(
      `Campus Portal: "Submit the housing form" is due Tue, Nov 3, 2026, 4:00 PM PST (in 2 days). https://portal.example.edu/next-steps/task/${taskId}`,
    );
    expect(text?.text.length).toBeLessThanOrEqual(160);

    const { cookie } = await signIn(f.app, 'staff');
    const list = await f.app.inject({
      url: '/admin/outbox',
      headers: { cookie, accept: 'text/html' },
    });
    expect(list.body).toContain('>Channel</th>');
    expect(list.body).toContain('<td data-label="Channel">Text</td>');
    const one = await f.app.inject({
      url: `/admin/outbox/${text?.id}`,
      headers: { cookie, accept: 'text/html' },
    });
    expect(one.body).toContain('Text message');
    expect(one.body).not.toContain('Open the HTML version');
  });

  it('a long task title is shortened so the text stays one segment', async () => {
    const f = await student({ byText: true, number: '503-555-0142' });
    await f.addTask(DEADLINE, `Submit the ${'very '.repeat(30)}long form`);
    await f.app.notify.plan();
    await f.app.notify.tick();
    const text = (await f.app.notify.outbox.list(100)).find(
      (e) => e.channel === 'sms' && e.text.includes('very'),
    );
    expect(text?.text.length).toBeLessThanOrEqual(160);
    expect(text?.text).toContain('..."');
  });

  it('texts withdrawn after planning: the text job is dropped when it comes due, the email still goes', async () => {
    const f = await student({ byText: true, number: '503-555-0142' });
    await f.addTask(DEADLINE);
    await f.app.notify.plan();
    const prefs = await f.app.repositories.preferences.forUser(f.student.id);
    await f.app.repositories.preferences.update(f.student.id, prefs.pk, { contact_by_text: false });
    await f.app.notify.tick();
    const jobs = await f.app.notify.jobs.all();
    expect(jobs.find((j) => j.channel === 'sms')).toMatchObject({
      state: 'dropped',
      last_error: 'text not allowed',
    });
    expect(jobs.find((j) => j.channel === 'email')).toMatchObject({ state: 'sent' });
  });

  it('inside the student’s quiet hours the text waits for their end; the email is sent at once', async () => {
    // Mon Nov 2, 2026, 10:00 PM PST: inside 21:00–08:00.
    const night = at(DEADLINE, -hours(18));
    const f = await student({ byText: true, number: '503-555-0142' }, night);
    const { userTaskId } = await f.addTask(DEADLINE);
    // This task's jobs (the sample data's tasks have reminders of their own).
    const ours = async () =>
      (await f.app.notify.jobs.all()).filter((j) => j.payload.includes(`:${userTaskId},`));
    await f.app.notify.plan();
    await f.app.notify.tick();
    const jobs = await ours();
    expect(jobs.find((j) => j.channel === 'email')).toMatchObject({ state: 'sent' });
    expect(jobs.find((j) => j.channel === 'sms')).toMatchObject({
      state: 'pending',
      run_at: '2026-11-03T16:00:00.000Z', // Tue Nov 3, 8:00 AM PST
    });
    f.setNow(new Date('2026-11-03T16:00:00.000Z'));
    await f.app.notify.tick();
    expect((await ours()).find((j) => j.channel === 'sms')).toMatchObject({
      state: 'sent',
    });
  });

  describe('with Twilio configured (TWILIO_* pointing at a local server speaking its API)', () => {
    let server: Server;
    const posted: Array<{ path: string; form: URLSearchParams }> = [];
    let port = 0;

    beforeAll(async () => {
      server = createServer((req, res) => {
        let body = '';
        req.on('data', (c: Buffer) => (body += c.toString()));
        req.on('end', () => {
          posted.push({ path: req.url ?? '', form: new URLSearchParams(body) });
          res.writeHead(201, { 'content-type': 'application/json' });
          res.end('{"sid":"SM1","status":"queued"}');
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(async () => new Promise((resolve) => server.close(resolve)));

    it('the reminder is posted to Twilio to the number in E.164, from TWILIO_FROM', async () => {
      const f = await student({ byText: true, number: '(503) 555-0142' }, TWO_DAYS_BEFORE, {
        TWILIO_ACCOUNT_SID: SID,
        TWILIO_AUTH_TOKEN: 'token',
        TWILIO_FROM: '+15035550100',
        TWILIO_API_URL: `http://127.0.0.1:${port}`,
      });
      await f.addTask(DEADLINE, 'Submit the housing form');
      await f.app.notify.plan();
      await f.app.notify.tick();
      expect(f.app.notify.texter.kind).toBe('twilio');
      const ours = posted.filter((p) => p.form.get('Body')?.includes('housing'));
      expect(ours).toHaveLength(1);
      expect(ours[0]?.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
      expect(ours[0]?.form.get('To')).toBe('+15035550142');
      expect(ours[0]?.form.get('From')).toBe('+15035550100');
      expect(ours[0]?.form.get('Body')).toContain(
        '"Submit the housing form" is due Tue, Nov 3, 2026, 4:00 PM PST (in 2 days)',
      );
      expect((await f.app.notify.outbox.list(100)).some((e) => e.channel === 'sms')).toBe(false);
    });
  });
});

describe('text-message configuration (TWILIO_*)', () => {
  it('without TWILIO_* texts are kept in the outbox', () => {
    expect(loadConfig({}).sms).toEqual({ twilio: undefined, timeoutMs: 10_000 });
  });

  it('reads the account, the token, the sender and the API address (api.twilio.com by default)', () => {
    const config = loadConfig({
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM: '+15035550100',
    });
    expect(config.sms.twilio).toEqual({
      accountSid: SID,
      authToken: 'token',
      from: '+15035550100',
      apiUrl: 'https://api.twilio.com',
    });
  });

  it('names what is missing when only some of TWILIO_* are set', () => {
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: SID })).toThrow(ConfigError);
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: SID })).toThrow(
      /missing TWILIO_AUTH_TOKEN, TWILIO_FROM/,
    );
  });

  it('refuses a plain-http TWILIO_API_URL other than on this machine', () => {
    expect(() =>
      loadConfig({
        TWILIO_ACCOUNT_SID: SID,
        TWILIO_AUTH_TOKEN: 'token',
        TWILIO_FROM: '+15035550100',
        TWILIO_API_URL: 'http://sms.example.com',
      }),
    ).toThrow(/TWILIO_API_URL must be https/);
  });
});
