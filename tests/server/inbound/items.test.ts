import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messagePageSchema } from '../../../contract/messages.schema.js';
import { userTaskSchema } from '../../../contract/next-steps/task.schema.js';
import { as } from '../routes/next-steps/helpers.js';
import { bearer, inboundApp, publisherWithKey, taskFor } from './inbound-helpers.js';

const ITEMS = '/api/inbound/v1/items';

describe('the inbound API: a publisher’s task, message and alert reach exactly their audience', () => {
  let app: FastifyInstance;
  let key: string;
  beforeEach(async () => {
    app = await inboundApp();
    ({ key } = await publisherWithKey(app));
  });
  afterEach(async () => app.close());

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: ITEMS,
      headers: { ...bearer(key), ...headers },
      payload: payload as object,
    });

  it('a task posted to one student shows in their Next Steps, not in another student’s; completion, replacement and retraction follow', async () => {
    const student = await as(app, 'student');
    const other = await as(app, 'new-student');
    const posted = await post(taskFor(['avalencia']));
    expect(posted.statusCode).toBe(201);
    expect(posted.json()).toMatchObject({ recipients: 1, replaced: false, warnings: [] });

    const mine = (await student.tasks()).find(
      (t) => t.task.title === 'Send your verification worksheet',
    );
    expect(mine?.task.ends_on_day).toBe('2030-03-01');
    expect(
      (await other.tasks()).some((t) => t.task.title.startsWith('Send your verification')),
    ).toBe(false);

    const done = await app.inject({
      method: 'PUT',
      url: `${ITEMS}/verify-2027/completions`,
      headers: bearer(key),
      payload: { users: ['avalencia'], completed_at: '2030-02-01T10:00:00Z' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ source_id: 'verify-2027', completed: 1, warnings: [] });
    const completed = (await student.tasks()).find((t) => t.id === mine?.id);
    expect(completed?.completed_on).not.toBeNull();
    expect(completed?.completed_in).toBe('Financial Aid');
    // A department's completion says where, not why (issue 74's reason is the record's alone).
    expect(completed).not.toHaveProperty('completed_because');

    // The student cannot undo a completion their system of record made.
    const undo = await student.patch(`user_task/${mine?.id}/`, { completed_on: null });
    expect(undo.statusCode).toBe(200);
    const kept = userTaskSchema.parse(undo.json());
    expect(kept.completed_in).toBe('Financial Aid');
    expect(kept.completed_on).not.toBeNull();

    const again = await post(taskFor(['avalencia'], { title: 'Send the 2027 worksheet' }));
    expect(again.json()).toMatchObject({ replaced: true, recipients: 1 });
    const titles = (await student.tasks()).map((t) => t.task.title);
    expect(titles).toContain('Send the 2027 worksheet');
    expect(titles).not.toContain('Send your verification worksheet');

    const status = await app.inject({ url: `${ITEMS}/verify-2027`, headers: bearer(key) });
    expect(status.json()).toMatchObject({
      recipients: 1,
      completed: 1,
      retracted: false,
      kind: 'task',
    });

    const gone = await app.inject({
      method: 'DELETE',
      url: `${ITEMS}/verify-2027`,
      headers: bearer(key),
    });
    expect(gone.statusCode).toBe(204);
    expect((await student.tasks()).some((t) => t.task.title === 'Send the 2027 worksheet')).toBe(
      false,
    );
    const after = await app.inject({ url: `${ITEMS}/verify-2027`, headers: bearer(key) });
    expect(after.json()).toMatchObject({ retracted: true });
  });

  it('a message is in the recipient’s Messages from the publisher’s name, and withdrawn by the delete', async () => {
    const student = await as(app, 'student');
    const staff = await as(app, 'new-student');
    const messages = async (token: string) =>
      messagePageSchema.parse(
        (
          await app.inject({
            url: '/api/notifications/user',
            headers: { authorization: `Token ${token}` },
          })
        ).json(),
      ).messages;
    const posted = await post({
      kind: 'message',
      source_id: 'refund-ready',
      audience: { users: ['avalencia'] },
      title: 'Your refund is ready',
      body: 'It is on its way.',
      channels: ['email'],
    });
    expect(posted.statusCode).toBe(201);
    const mine = (await messages(student.token)).find((m) => m.title === 'Your refund is ready');
    expect(mine?.from).toBe('Financial Aid');
    expect((await messages(staff.token)).some((m) => m.title === 'Your refund is ready')).toBe(
      false,
    );
    // Its email is queued on the notify schedule, as the message's own.
    const jobs = (await app.repositories.notifyJobs.all()).filter((j) => j.message_id === mine?.pk);
    expect(jobs.map((j) => j.channel)).toEqual(['email']);
    await app.inject({ method: 'DELETE', url: `${ITEMS}/refund-ready`, headers: bearer(key) });
    expect((await messages(student.token)).some((m) => m.title === 'Your refund is ready')).toBe(
      false,
    );
  });

  it('unknown usernames are warnings in a 201, not failures', async () => {
    await as(app, 'student');
    const posted = await post(taskFor(['avalencia', 'nobody1', 'nobody2']));
    expect(posted.statusCode).toBe(201);
    expect(posted.json()).toMatchObject({
      recipients: 1,
      warnings: [{ code: 'unknown_user', usernames: ['nobody1', 'nobody2'] }],
    });
  });

  it('issue 87: one warning of each kind, naming each unknown username once', async () => {
    await as(app, 'student');
    const posted = await post(taskFor(['avalencia', 'nobody1', 'nobody1', 'nobody2', 'nobody1']));
    expect(posted.statusCode).toBe(201);
    expect(posted.json()).toMatchObject({
      warnings: [{ code: 'unknown_user', usernames: ['nobody1', 'nobody2'] }],
    });
  });

  it('an alert shows among the recipient’s emergency alerts until it is retracted', async () => {
    const student = await as(app, 'student');
    const alerts = async () =>
      (
        await app.inject({
          url: '/api/integrations/rave-messages',
          headers: { authorization: `Token ${student.token}` },
        })
      ).body;
    const posted = await post({
      kind: 'alert',
      source_id: 'library-closed',
      audience: { roles: ['student'] },
      title: 'The library is closed today',
      body: 'A water leak.',
      severity: 'advisory',
    });
    expect(posted.statusCode).toBe(201);
    expect(await alerts()).toContain('The library is closed today');
    await app.inject({ method: 'DELETE', url: `${ITEMS}/library-closed`, headers: bearer(key) });
    expect(await alerts()).not.toContain('The library is closed today');
  });
});
