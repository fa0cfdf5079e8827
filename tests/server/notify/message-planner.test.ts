import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signIn } from '../helpers/app.js';
import { adminAs } from '../routes/admin/admin-client.js';

describe('"also notify" on a portal message (issue 29): by the recipients’ channels', () => {
  let app: FastifyInstance;
  let staff: Awaited<ReturnType<typeof adminAs>>;
  let studentId: number;
  beforeEach(async () => {
    app = await createTestApp();
    staff = await adminAs(app, 'staff');
    await signIn(app, 'student');
    await signIn(app, 'faculty');
    studentId = (await app.repositories.users.findByUsername('avalencia'))?.id ?? 0;
  });
  afterEach(async () => app.close());

  const write = (fields: Array<[string, string]>) =>
    staff.form('/admin/messages', [
      ['audience', 'role'],
      ['role', 'student'],
      ['title', 'Library hours change'],
      ['body', 'The library closes at 6 PM on Friday.'],
      ...fields,
    ]);
  const messageJobs = async () =>
    (await app.notify.jobs.all()).filter((j) => j.idempotency_key.startsWith('message:'));

  it('staff tick "also notify": one email job per recipient (message:<id>:<user>:email) recording the message, and the student receives it', async () => {
    expect((await write([['also_notify', 'on']])).statusCode).toBe(303);
    const jobs = await messageJobs();
    const [message] = await app.repositories.adminMessages.list();
    const id = message?.id ?? 0;
    expect(jobs.map((j) => j.idempotency_key)).toEqual([`message:${id}:${studentId}:email`]);
    expect(jobs[0]).toMatchObject({ channel: 'email', topic: 'messages', message_id: id });
    await app.notify.tick();
    const [email] = await app.notify.outbox.list(10);
    expect(email).toMatchObject({ subject: 'Library hours change', topic: 'messages' });
    expect(email?.recipient).toBe('avalencia@campus.example.edu');
    expect(email?.text).toContain('The library closes at 6 PM on Friday.');
    expect(email?.html).toMatch(/<h1[^>]*>Library hours change<\/h1>/);
    expect((await messageJobs())[0]?.state).toBe('sent');
  });

  it('a message without "also notify" plans no job', async () => {
    expect((await write([])).statusCode).toBe(303);
    expect(await messageJobs()).toEqual([]);
  });

  it('a recipient who does not allow email (contact_by_email off) gets no job', async () => {
    const prefs = await app.repositories.preferences.forUser(studentId);
    await app.repositories.preferences.update(studentId, prefs.pk, { contact_by_email: false });
    await write([['also_notify', 'on']]);
    expect(await messageJobs()).toEqual([]);
  });

  it('a message to everyone reaches each person once; one to a person reaches only them', async () => {
    await staff.form('/admin/messages', [
      ['audience', 'everyone'],
      ['title', 'Welcome back'],
      ['body', 'Classes start Monday.'],
      ['also_notify', 'on'],
    ]);
    const everyone = await messageJobs();
    expect(new Set(everyone.map((j) => j.user_id)).size).toBe(everyone.length);
    expect(everyone.length).toBeGreaterThanOrEqual(3);
    await staff.form('/admin/messages', [
      ['audience', 'person'],
      ['username', 'avalencia'],
      ['title', 'Your advising hold'],
      ['body', 'Please see your advisor.'],
      ['also_notify', 'on'],
    ]);
    const personal = (await messageJobs()).slice(everyone.length);
    expect(personal.map((j) => j.user_id)).toEqual([studentId]);
  });

  it('a message retracted before its email goes out: the job is dropped', async () => {
    await write([['also_notify', 'on']]);
    const [message] = await app.repositories.adminMessages.list();
    await app.repositories.adminMessages.remove(message?.id ?? 0);
    await app.notify.tick();
    expect(await messageJobs()).toMatchObject([
      { state: 'dropped', last_error: 'message retracted' },
    ]);
    expect(await app.notify.outbox.count()).toBe(0);
  });

  /** The student allows texts with a number and turned push on for two devices; resolves to their ids. */
  async function everyChannel(): Promise<number[]> {
    const prefs = await app.repositories.preferences.forUser(studentId);
    await app.repositories.preferences.update(studentId, prefs.pk, {
      contact_by_text: true,
      sms_number: '503-555-0142',
    });
    const device = (n: number) => ({
      endpoint: `https://push.example.net/device-${n}`,
      p256dh: 'B'.repeat(87),
      auth: 'a'.repeat(22),
    });
    return [
      await app.repositories.pushSubscriptions.save(studentId, device(1), new Date()),
      await app.repositories.pushSubscriptions.save(studentId, device(2), new Date()),
    ];
  }

  it('a message to everyone is queued person by person, so a relay at its cap does not put every email ahead of the first push', async () => {
    await everyChannel();
    await staff.form('/admin/messages', [
      ['audience', 'everyone'],
      ['title', 'Welcome back'],
      ['body', 'Classes start Monday.'],
      ['also_notify', 'on'],
    ]);
    const people = (await messageJobs()).map((j) => j.user_id);
    expect(new Set(people).size).toBeGreaterThanOrEqual(2);
    expect(people.length).toBeGreaterThan(new Set(people).size);
    // In the order claimed (by id), each person's jobs stand together.
    expect(people).toEqual([...people].sort((a, b) => a - b));
  });

  it("a push job goes to its device's push service, and beside it (slow:) for a device that has failed since its last success", async () => {
    const [phone, laptop] = await everyChannel();
    await app.repositories.pushSubscriptions.failed(laptop!);
    await write([['also_notify', 'on']]);
    const destinations = Object.fromEntries(
      (await messageJobs()).map((j) => [
        j.idempotency_key.split(':').slice(3).join(':'),
        j.destination,
      ]),
    );
    expect(destinations).toEqual({
      email: 'email',
      sms: 'sms',
      [`push:${phone}`]: 'push:push.example.net',
      [`push:${laptop}`]: 'slow:push:push.example.net',
    });
  });

  it('a recipient who allows texts and turned push on gets a text job and one push job per device, keyed per channel and device', async () => {
    const [phone, laptop] = await everyChannel();
    await write([['also_notify', 'on']]);
    const [message] = await app.repositories.adminMessages.list();
    const id = message?.id ?? 0;
    const jobs = await messageJobs();
    expect(jobs.map((j) => [j.channel, j.idempotency_key]).sort()).toEqual([
      ['email', `message:${id}:${studentId}:email`],
      ['push', `message:${id}:${studentId}:push:${phone}`],
      ['push', `message:${id}:${studentId}:push:${laptop}`],
      ['sms', `message:${id}:${studentId}:sms`],
    ]);
    for (const job of jobs) expect(job).toMatchObject({ topic: 'messages', message_id: id });
    expect(
      jobs.filter((j) => j.channel === 'push').map((j) => JSON.parse(j.payload) as unknown),
    ).toEqual([
      { kind: 'message', messageId: id, subscriptionId: phone },
      { kind: 'message', messageId: id, subscriptionId: laptop },
    ]);
  });

  it.each([
    ['texts not allowed', { contact_by_text: false, sms_number: '503-555-0142' }],
    ['no number', { contact_by_text: true, sms_number: null }],
  ])('with %s no text job is planned', async (_, change) => {
    const prefs = await app.repositories.preferences.forUser(studentId);
    await app.repositories.preferences.update(studentId, prefs.pk, change);
    await write([['also_notify', 'on']]);
    expect((await messageJobs()).map((j) => j.channel)).toEqual(['email']);
  });

  it('planning the same message again adds no job on any channel', async () => {
    await everyChannel();
    await write([['also_notify', 'on']]);
    const [message] = await app.repositories.adminMessages.list();
    const before = (await messageJobs()).length;
    expect(await app.notify.announce(message?.id ?? 0, { audience: 'role', role: 'student' })).toBe(
      0,
    );
    expect(await messageJobs()).toHaveLength(before);
  });

  it('a recipient who stopped "Messages from the university" gets no job on any channel, and the other recipients still do', async () => {
    await everyChannel();
    const chosen = await app.repositories.nextStepsProfile.preference(studentId);
    const types = await app.repositories.nextStepsProfile.notificationTypes();
    const messagesType = types.find((t) => t.name === 'Messages from the university')?.id;
    expect(chosen?.notifications).toContain(messagesType);
    expect(await app.notify.unsubscribe(studentId, 'messages')).toBe(true);
    await staff.form('/admin/messages', [
      ['audience', 'everyone'],
      ['title', 'Welcome back'],
      ['body', 'Classes start Monday.'],
      ['also_notify', 'on'],
    ]);
    const jobs = await messageJobs();
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.filter((j) => j.user_id === studentId)).toEqual([]);
  });

  it('the message form offers "also notify"', async () => {
    const page = await staff.get('/admin/messages/new');
    expect(page.body).toContain(
      'Also notify the recipients by email, text and push, as each allows',
    );
  });
});

describe('"also notify" in quiet hours (issue 29): text and push wait for the morning, email does not', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  it('a message written at 10 PM campus time is emailed at once; its text and push wait until 8:00 AM', async () => {
    // Mon Nov 2, 2026, 10:00 PM PST: inside the default 21:00–08:00.
    let now = new Date('2026-11-03T06:00:00.000Z');
    app = await createTestApp({ clock: () => now });
    const staff = await adminAs(app, 'staff');
    await signIn(app, 'student');
    const studentId = (await app.repositories.users.findByUsername('avalencia'))?.id ?? 0;
    const prefs = await app.repositories.preferences.forUser(studentId);
    await app.repositories.preferences.update(studentId, prefs.pk, {
      contact_by_text: true,
      sms_number: '503-555-0142',
    });
    await app.repositories.pushSubscriptions.save(
      studentId,
      { endpoint: 'https://push.example.net/night', p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
      now,
    );
    await staff.form('/admin/messages', [
      ['audience', 'person'],
      ['username', 'avalencia'],
      ['title', 'Library hours change'],
      ['body', 'The library closes at 6 PM on Friday.'],
      ['also_notify', 'on'],
    ]);
    await app.notify.tick();
    const jobs = (await app.notify.jobs.all()).filter((j) => j.topic === 'messages');
    const byChannel = Object.fromEntries(jobs.map((j) => [j.channel, j]));
    expect(byChannel.email).toMatchObject({ state: 'sent' });
    const morning = '2026-11-03T16:00:00.000Z'; // Tue Nov 3, 8:00 AM PST
    expect(byChannel.sms).toMatchObject({ state: 'pending', run_at: morning, attempts: 0 });
    expect(byChannel.push).toMatchObject({ state: 'pending', run_at: morning, attempts: 0 });
    now = new Date(morning);
    await app.notify.tick();
    const text = (await app.notify.outbox.list(10)).find((e) => e.channel === 'sms');
    expect(text).toMatchObject({ recipient: '503-555-0142', topic: 'messages', state: 'sent' });
  });
});
