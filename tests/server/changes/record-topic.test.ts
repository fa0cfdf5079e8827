import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signIn } from '../helpers/app.js';
import { ChangingSis, financialHold } from './changing-sis.js';

describe('the notification topic "Changes to your record" (issue 74)', () => {
  let app: FastifyInstance;
  let sis: ChangingSis;
  let studentId: number;
  beforeEach(async () => {
    sis = new ChangingSis();
    app = await createTestApp({ sis });
    await signIn(app, 'student');
    const user = await app.repositories.users.findByUsername('avalencia');
    if (!user) throw new Error('no student');
    studentId = user.id;
    await app.nextSteps.ensureUser(user);
    await app.changes.sweep();
  });
  afterEach(async () => app.close());

  const recordJobs = async () =>
    (await app.notify.jobs.all()).filter((j) => j.user_id === studentId && j.kind === 'message');
  const typeId = async (name: string) =>
    (await app.repositories.nextStepsProfile.notificationTypes()).find((t) => t.name === name)?.id;
  const bell = () =>
    app.repositories.messages.forRecipient(
      { id: studentId, username: 'avalencia', roles: ['student'] },
      new Date(),
    );

  it('is a notification type of the settings, chosen by default', async () => {
    const id = await typeId('Changes to your record');
    expect(id).toBeDefined();
    expect(
      (await app.repositories.nextStepsProfile.preference(studentId))?.notifications,
    ).toContain(id);
  });

  it("an urgent change's email is under the topic, says why, and carries its own unsubscribe", async () => {
    sis.extraHolds = [financialHold];
    await app.changes.sweep();
    const jobs = await recordJobs();
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.every((j) => j.topic === 'records')).toBe(true);
    await app.notify.tick();
    const [email] = await app.notify.outbox.list(10);
    expect(email).toMatchObject({
      subject: 'A hold was added: Accounts Receivable Hold',
      topic: 'records',
    });
    expect(email?.text).toContain('found a change to your student record');
    expect(email?.text).toContain('Stop changes to your record by email, text and push');
  });

  it('a student who stopped the topic still has the message in the bell, and no email, text or push', async () => {
    expect(await app.notify.unsubscribe(studentId, 'records')).toBe(true);
    expect(
      (await app.repositories.nextStepsProfile.preference(studentId))?.notifications,
    ).not.toContain(await typeId('Changes to your record'));
    sis.extraHolds = [financialHold];
    await app.changes.sweep();
    expect(await recordJobs()).toEqual([]);
    expect((await bell()).map((m) => m.title)).toContain(
      'A hold was added: Accounts Receivable Hold',
    );
  });

  it('stopping "Messages from the university" leaves the changes to the record coming', async () => {
    expect(await app.notify.unsubscribe(studentId, 'messages')).toBe(true);
    sis.extraHolds = [financialHold];
    await app.changes.sweep();
    expect((await recordJobs()).length).toBeGreaterThan(0);
  });

  it('a job planned before the student stopped the topic is dropped when due', async () => {
    sis.extraHolds = [financialHold];
    await app.changes.sweep();
    expect(await app.notify.unsubscribe(studentId, 'records')).toBe(true);
    await app.notify.tick();
    expect(await app.notify.outbox.list(10)).toEqual([]);
  });
});

describe('the one-click unsubscribe of "Changes to your record"', () => {
  let app: FastifyInstance;
  afterEach(async () => app.close());

  it('asks to stop changes to the record, in English and Spanish', async () => {
    app = await createTestApp();
    await signIn(app, 'student');
    const user = await app.repositories.users.findByUsername('avalencia');
    const link = app.notify.tokens.link('http://localhost', user?.id ?? 0, 'records');
    const path = new URL(link.url).pathname + new URL(link.url).search;
    const en = await app.inject({ url: path, headers: { 'accept-language': 'en' } });
    expect(en.body).toContain('Stop changes to your record?');
    const es = await app.inject({ url: path, headers: { 'accept-language': 'es' } });
    expect(es.body).toContain('¿Dejar de recibir los cambios en su expediente?');
  });
});
