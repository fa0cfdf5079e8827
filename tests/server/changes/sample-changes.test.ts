import type { FastifyInstance } from 'fastify';
import { userTaskSchema } from '../../../contract/next-steps/task.schema.js';
import { userSchema } from '../../../contract/user.schema.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signIn } from '../helpers/app.js';
import { as } from '../routes/next-steps/helpers.js';
import { ChangingSis, financialHold } from './changing-sis.js';
import { adminAs } from '../routes/admin/admin-client.js';

/** The sample SIS, counting its reads. */
class CountingSis extends ChangingSis {
  readonly reads: string[] = [];
  override read: ChangingSis['read'] = async (e, p, term) => {
    this.reads.push(e);
    return super.read(e, p, term);
  };
}

describe("changes to a record on the sample adapter's sweep and on a student's own visit (issue 74)", () => {
  let app: FastifyInstance;
  let sis: CountingSis;
  let now = new Date('2026-11-25T12:00:00Z');
  let auth: { authorization: string };
  beforeEach(async () => {
    now = new Date('2026-11-25T12:00:00Z');
    sis = new CountingSis();
    app = await createTestApp({ sis, clock: () => now });
    auth = { authorization: `Token ${(await signIn(app, 'student')).token}` };
    await app.changes.sweep();
  });
  afterEach(async () => app.close());

  const bell = async () =>
    (
      await app.repositories.messages.forRecipient(
        {
          id: (await app.repositories.users.findByUsername('avalencia'))?.id ?? 0,
          username: 'avalencia',
          roles: ['student'],
        },
        now,
      )
    )
      .filter((m) => m.body === 'Changes to your record')
      .map((m) => m.title)
      .sort();
  const task = () =>
    app.database.db
      .selectFrom('inbound_items as i')
      .innerJoin('inbound_recipients as r', 'r.item_id', 'i.id')
      .select(['i.title', 'r.completed_at'])
      .where('i.source_id', 'like', 'record:avalencia:hold-added:AR%')
      .execute();

  it('a hold added: the next sweep gives a bell message, an email and the task; removed: the task completed by the record and a second message', async () => {
    sis.extraHolds = [financialHold];
    now = new Date(now.getTime() + 60 * 60_000);
    await app.changes.sweep();
    expect(await bell()).toEqual(['A hold was added: Accounts Receivable Hold']);
    expect(await task()).toEqual([{ title: 'Pay your past-due balance', completed_at: null }]);
    await app.notify.tick();
    expect((await app.notify.outbox.list(10)).map((e) => e.subject)).toEqual([
      'A hold was added: Accounts Receivable Hold',
    ]);
    sis.extraHolds = [];
    now = new Date(now.getTime() + 60 * 60_000);
    await app.changes.sweep();
    expect(await bell()).toEqual([
      'A hold was added: Accounts Receivable Hold',
      'A hold was removed: Accounts Receivable Hold',
    ]);
    expect((await task())[0]?.completed_at).not.toBeNull();
  });

  it('a task a hold’s removal completed is served “Completed: Business Office removed this hold” (the office the fingerprint kept), and the student cannot undo it', async () => {
    // Signed in afresh at each reading: the test clock moves by hours.
    const mine = async () =>
      (await (await as(app, 'student')).tasks()).find(
        (t) => t.task.title === 'Pay your past-due balance',
      );
    sis.extraHolds = [financialHold];
    now = new Date(now.getTime() + 60 * 60_000);
    await app.changes.sweep();
    const open = await mine();
    expect(open?.completed_on).toBeNull();
    expect(open).not.toHaveProperty('completed_because');
    sis.extraHolds = [];
    now = new Date(now.getTime() + 60 * 60_000);
    await app.changes.sweep();
    const done = await mine();
    expect(done?.completed_on).not.toBeNull();
    expect(done?.completed_in).toBe('Student record');
    expect(done?.completed_because).toEqual({ kind: 'hold-removed', office: 'Business Office' });
    // Stored per recipient, beside the publisher's name.
    const stored = await app.database.db
      .selectFrom('ns_user_tasks')
      .select(['completed_by', 'completed_because'])
      .where('id', '=', done?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      completed_by: 'Student record',
      completed_because: '{"kind":"hold-removed","office":"Business Office"}',
    });
    const student = await as(app, 'student');
    const undo = await student.patch(`user_task/${done?.id}/`, { completed_on: null });
    expect(undo.statusCode).toBe(200);
    expect(userTaskSchema.parse(undo.json())).toMatchObject({
      completed_on: done?.completed_on,
      completed_because: { kind: 'hold-removed', office: 'Business Office' },
    });
  });

  it("a student's own visit compares the page's fresh read, with no extra SIS call", async () => {
    sis.extraHolds = [financialHold];
    sis.reads.length = 0;
    const page = await app.inject({ url: '/api/integrations/finti/holds', headers: auth });
    expect(page.statusCode).toBe(200);
    await app.changes.idle();
    expect(sis.reads).toEqual(['holds']);
    expect(await bell()).toEqual(['A hold was added: Accounts Receivable Hold']);
    expect((await task())[0]?.title).toBe('Pay your past-due balance');
    // The next sweep finds the record as the visit left it: nothing is told twice.
    await app.changes.sweep();
    expect(await bell()).toEqual(['A hold was added: Accounts Receivable Hold']);
  });

  it("a support viewer reads the dashboard and Academics while the SIS has a new hold: nothing is raised or opened until the student's own read (issue 88: a read that writes, declared writesOnRead, writes only for the person)", async () => {
    await app.repositories.grants.put('mchen', 'support', null, now);
    const support = await adminAs(app, 'staff');
    const started = await support.form('/admin/view-as', [
      ['username', 'avalencia'],
      ['reason', 'Cannot find her hold'],
      ['ticket', 'HD-1042'],
    ]);
    expect(started.statusCode).toBe(303);
    const viewer = userSchema.parse(
      (await app.inject({ url: '/api/users/user', headers: { cookie: support.cookie } })).json(),
    );
    expect(viewer.view_as?.name).toBe('Ana Valencia');
    sis.extraHolds = [financialHold];
    sis.reads.length = 0;
    const viewerHeaders = { authorization: `Token ${viewer.auth_token}` };
    const read = (url: string) => app.inject({ url, headers: viewerHeaders });
    // The dashboard's and Academics' pages, drawn by the server, then their reads of the record.
    for (const url of ['/', '/academics'])
      await app.inject({
        url,
        headers: {
          cookie: support.cookie,
          'sec-fetch-dest': 'document',
          'sec-fetch-mode': 'navigate',
        },
      });
    const viewed = await read('/api/integrations/finti/holds');
    expect(viewed.statusCode).toBe(200);
    expect(viewed.body).toContain('Accounts Receivable Hold');
    const term = /"p_term_out":"(\d+)"/.exec(
      (await read('/api/integrations/finti/current-term')).body,
    )?.[1];
    for (const path of ['advisor', 'financial-account-summary', 'gpa', 'standing', 'term-info'])
      expect((await read(`/api/integrations/finti/${path}`)).statusCode, path).toBe(200);
    for (const path of ['schedule', 'grades'])
      expect((await read(`/api/integrations/finti/${path}?term=${term}`)).statusCode, path).toBe(
        200,
      );
    await app.changes.idle();
    // The viewer's reads reached the SIS afresh, and nothing was told or opened for the student.
    expect(sis.reads).toEqual(expect.arrayContaining(['holds', 'schedule', 'grades', 'advisor']));
    expect(await bell()).toEqual([]);
    expect(await task()).toEqual([]);
    await app.inject({ url: '/api/integrations/finti/holds', headers: auth });
    await app.changes.idle();
    expect(await bell()).toEqual(['A hold was added: Accounts Receivable Hold']);
  });

  it('a cached answer is no fresh read: nothing is compared', async () => {
    await app.inject({ url: '/api/integrations/finti/holds', headers: auth });
    await app.changes.idle();
    sis.extraHolds = [financialHold];
    sis.reads.length = 0;
    const page = await app.inject({ url: '/api/integrations/finti/holds', headers: auth });
    expect(page.headers['x-cache']).toBe('hit');
    await app.changes.idle();
    expect(sis.reads).toEqual([]);
    expect(await bell()).toEqual([]);
  });

  it("a visit's reads of one page, side by side, are each compared", async () => {
    sis.extraHolds = [financialHold];
    await Promise.all(
      ['holds', 'advisor', 'financial-account-summary'].map((read) =>
        app.inject({ url: `/api/integrations/finti/${read}`, headers: auth }),
      ),
    );
    await app.changes.idle();
    expect(await bell()).toEqual(['A hold was added: Accounts Receivable Hold']);
  });
});
