import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messagePageSchema } from '../../../contract/messages.schema.js';
import { as } from '../routes/next-steps/helpers.js';
import { bearer, inboundApp, publisherWithKey, taskFor } from './inbound-helpers.js';

const ITEMS = '/api/inbound/v1/items';
/** 10:00 in Los Angeles (the campus zone), outside the default quiet hours. */
const START = new Date('2030-01-15T18:00:00.000Z');
const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000);

describe('the inbound API’s publish_at and channels: held until their time, then shown and sent by the notify queue', () => {
  let app: FastifyInstance;
  let now: Date;
  let key: string;
  beforeEach(async () => {
    now = START;
    app = await inboundApp({ clock: () => now });
    ({ key } = await publisherWithKey(app));
  });
  afterEach(async () => app.close());

  const post = (payload: unknown) =>
    app.inject({ method: 'POST', url: ITEMS, headers: bearer(key), payload: payload as object });
  const sent = async (text: string) =>
    (await app.notify.outbox.list(200)).filter(
      (e) => e.subject.includes(text) || e.text.includes(text),
    );
  const messages = async (token: string) =>
    messagePageSchema.parse(
      (
        await app.inject({
          url: '/api/notifications/user',
          headers: { authorization: `Token ${token}` },
        })
      ).json(),
    ).messages;
  /** The student allows texts (with a number) besides email. */
  const allowTexts = async (userId: number) => {
    const prefs = await app.repositories.preferences.forUser(userId);
    await app.repositories.preferences.update(userId, prefs.pk, {
      contact_by_text: true,
      sms_number: '503-555-0142',
    });
  };
  const userId = async (username: string) =>
    (await app.repositories.inboundItems.usersByName([username])).get(username) ?? 0;

  it('a message with a future publish_at is not shown and not sent before its time; then it shows and its email is sent', async () => {
    const student = await as(app, 'student');
    const posted = await post({
      kind: 'message',
      source_id: 'aid-disbursed',
      audience: { users: ['avalencia'] },
      title: 'Your aid is disbursed',
      body: 'See your account.',
      channels: ['email'],
      publish_at: at(120).toISOString(),
    });
    expect(posted.statusCode).toBe(201);
    expect((await messages(student.token)).some((m) => m.title === 'Your aid is disbursed')).toBe(
      false,
    );
    // Its email waits in the notify queue for publish_at.
    const jobs = (await app.repositories.notifyJobs.all()).filter(
      (j) => j.channel === 'email' && j.topic === 'messages',
    );
    expect(jobs.map((j) => [j.state, j.run_at])).toEqual([['pending', at(120).toISOString()]]);
    now = at(119);
    await app.notify.tick();
    expect(await sent('Your aid is disbursed')).toEqual([]);

    now = at(121);
    // Signed in again: two hours idle ended the first session.
    const later = await as(app, 'student');
    expect((await messages(later.token)).some((m) => m.title === 'Your aid is disbursed')).toBe(
      true,
    );
    await app.notify.tick();
    expect((await sent('Your aid is disbursed')).map((e) => e.channel)).toEqual(['email']);
  });

  it('a task with a future publish_at is not in Next Steps before its time, nor emailed; a replacement moving publish_at later moves its email too', async () => {
    await as(app, 'student');
    const task = (publishAt: Date) =>
      taskFor(['avalencia'], { channels: ['email'], publish_at: publishAt.toISOString() });
    expect((await post(task(at(60)))).statusCode).toBe(201);
    expect((await post(task(at(180)))).json()).toMatchObject({ replaced: true });
    // Signed in at each time asked about (a session ends after an idle hour).
    const titled = async () =>
      (await (await as(app, 'student')).tasks()).some(
        (t) => t.task.title === 'Send your verification worksheet',
      );

    now = at(90);
    await app.notify.tick();
    expect(await titled()).toBe(false);
    expect(await sent('Send your verification worksheet')).toEqual([]);

    now = at(181);
    expect(await titled()).toBe(true);
    await app.notify.tick();
    const emails = await sent('Send your verification worksheet');
    expect(emails.map((e) => e.channel)).toEqual(['email']);
    // The email opens the task in Next Steps.
    expect(emails[0]?.text).toMatch(/\/next-steps\/task\/\d+/);
  });

  it('a task’s channels are honoured: email and a text to a student who allows texts, none to one who stopped messages from the university', async () => {
    await as(app, 'student');
    const allowing = await userId('avalencia');
    await allowTexts(allowing);
    const posted = await post(taskFor(['avalencia'], { channels: ['email', 'sms'] }));
    expect(posted.statusCode).toBe(201);
    await app.notify.tick();
    const notices = await sent('Send your verification worksheet');
    expect(notices.map((e) => e.channel).sort()).toEqual(['email', 'sms']);
    const status = await app.inject({ url: `${ITEMS}/verify-2027`, headers: bearer(key) });
    expect(status.json()).toMatchObject({ delivered: { email: 1, sms: 1 } });
    // Completed in the publisher's system before a notice goes: it is not sent.
    await post({ ...taskFor(['avalencia'], { channels: ['email'] }), source_id: 'second-task' });
    await app.inject({
      method: 'PUT',
      url: `${ITEMS}/second-task/completions`,
      headers: bearer(key),
      payload: { users: ['avalencia'] },
    });
    const before = (await app.notify.outbox.list(200)).length;
    await app.notify.tick();
    expect((await app.notify.outbox.list(200)).length).toBe(before);
  });

  it('an alert’s email and text follow the person’s choices: a text only with contact_by_text, and none at all after the one-click unsubscribe from messages', async () => {
    await as(app, 'student');
    const student = await userId('avalencia');
    const alert = (sourceId: string, title: string) => ({
      kind: 'alert',
      source_id: sourceId,
      audience: { users: ['avalencia'] },
      title,
      body: 'Use the north entrance.',
      channels: ['email', 'sms'],
    });
    expect((await post(alert('closure-1', 'The east entrance is closed'))).statusCode).toBe(201);
    await app.notify.tick();
    // Texts are off until the person allows them (portal.md §3).
    expect((await sent('The east entrance is closed')).map((e) => e.channel)).toEqual(['email']);

    await allowTexts(student);
    await app.notify.unsubscribe(student, 'messages');
    expect((await post(alert('closure-2', 'The west entrance is closed'))).statusCode).toBe(201);
    await app.notify.tick();
    expect(await sent('The west entrance is closed')).toEqual([]);
  });

  it('an alert’s text waits through the person’s quiet hours (22:00 on the campus clock) and goes when they end', async () => {
    now = new Date('2030-01-16T06:00:00.000Z'); // 22:00 in Los Angeles
    await as(app, 'student');
    await allowTexts(await userId('avalencia'));
    await post({
      kind: 'alert',
      source_id: 'snow',
      audience: { users: ['avalencia'] },
      title: 'Classes start late tomorrow',
      body: 'Snow.',
      channels: ['sms'],
    });
    await app.notify.tick();
    expect(await sent('Classes start late tomorrow')).toEqual([]);
    now = new Date('2030-01-16T16:05:00.000Z'); // 08:05
    await app.notify.tick();
    expect((await sent('Classes start late tomorrow')).map((e) => e.channel)).toEqual(['sms']);
  });
});
