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
    expect(email?.html).toContain('<h1 style="font-size:22px">Library hours change</h1>');
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

  it('the message form offers "also notify"', async () => {
    const page = await staff.get('/admin/messages/new');
    expect(page.body).toContain('Also notify the recipients by email, as each allows');
  });
});
