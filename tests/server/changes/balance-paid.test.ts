import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { userSchema } from '../../../contract/user.schema.js';
import { createTestApp, signIn } from '../helpers/app.js';
import { adminAs } from '../routes/admin/admin-client.js';
import { as } from '../routes/next-steps/helpers.js';
import { ChangingSis } from './changing-sis.js';

/** The sample's balance task, as the student's Next Steps list serves it. */
const TITLE = 'Pay your term bill';

describe('the balance task completes from the record (issue 89)', () => {
  let app: FastifyInstance;
  let sis: ChangingSis;
  let now = new Date('2026-11-25T12:00:00Z');
  let auth: { authorization: string };
  beforeEach(async () => {
    now = new Date('2026-11-25T12:00:00Z');
    sis = new ChangingSis();
    app = await createTestApp({ sis, clock: () => now });
    auth = { authorization: `Token ${(await signIn(app, 'student')).token}` };
    await app.changes.sweep();
  });
  afterEach(async () => app.close());

  const later = () => {
    now = new Date(now.getTime() + 60 * 60_000);
  };
  // Signed in afresh at each reading: the test clock moves by hours.
  const mine = async () =>
    (await (await as(app, 'student')).tasks()).find((t) => t.task.title === TITLE);
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
      .map((m) => m.title);

  it('the sample seeds a rule completing its "Pay your term bill" on balance-paid, opening it again on balance-due', async () => {
    const rules = await app.repositories.changeRules.list();
    const rule = rules.find((r) => r.closes === 'balance-paid');
    expect(rule).toMatchObject({ opens: 'balance-due', closes: 'balance-paid', link: '/finances' });
    const task = await app.database.db
      .selectFrom('ns_tasks')
      .select('title')
      .where('id', '=', rule?.task_id ?? 0)
      .executeTakeFirst();
    expect(task?.title).toBe(TITLE);
  });

  it('balance-paid: the amount due paid completes the sample task, “Completed in Student record”, told once; a part payment does not; a new bill opens it again', async () => {
    expect((await mine())?.completed_on).toBeNull();
    // A part payment: the balance changed, the bill is not paid.
    sis.amountDue = 100;
    later();
    await app.changes.sweep();
    expect((await mine())?.completed_on).toBeNull();
    sis.amountDue = 0;
    later();
    expect((await app.changes.sweep())?.changes.map((c) => c.kind)).toEqual(['balance-paid']);
    later();
    expect((await app.changes.sweep())?.changes).toEqual([]);
    const done = await mine();
    expect(done?.completed_on).not.toBeNull();
    expect(done?.completed_in).toBe('Student record');
    expect(done?.completed_because).toEqual({ kind: 'balance-paid' });
    expect((await bell()).sort()).toEqual([
      'Your account balance changed or a payment posted',
      'Your account is paid: no amount is due',
    ]);
    // The record's completion stays: the student cannot undo it.
    const undo = await (
      await as(app, 'student')
    ).patch(`user_task/${done?.id}/`, {
      completed_on: null,
    });
    expect(undo.statusCode).toBe(200);
    expect((await mine())?.completed_on).toBe(done?.completed_on);
    // Next term's bill: the task is open again.
    sis.amountDue = 900;
    later();
    expect((await app.changes.sweep())?.changes.map((c) => c.kind)).toEqual(['balance-due']);
    expect(await mine()).toMatchObject({ completed_on: null });
    expect(await mine()).not.toHaveProperty('completed_because');
  });

  it("a support viewer's read of the paid balance completes nothing; the student's own read of Finances does", async () => {
    await app.repositories.grants.put('mchen', 'support', null, now);
    const support = await adminAs(app, 'staff');
    const started = await support.form('/admin/view-as', [
      ['username', 'avalencia'],
      ['reason', 'Asks whether her payment arrived'],
      ['ticket', 'HD-1043'],
    ]);
    expect(started.statusCode).toBe(303);
    const viewer = userSchema.parse(
      (await app.inject({ url: '/api/users/user', headers: { cookie: support.cookie } })).json(),
    );
    expect(viewer.view_as?.name).toBe('Ana Valencia');
    sis.amountDue = 0;
    const summary = '/api/integrations/finti/financial-account-summary';
    const viewed = await app.inject({
      url: summary,
      headers: { authorization: `Token ${viewer.auth_token}` },
    });
    expect(viewed.statusCode).toBe(200);
    expect(viewed.body).toContain('"CHARGES_AMOUNT_DUE":0');
    await app.changes.idle();
    expect(await bell()).toEqual([]);
    expect((await mine())?.completed_on).toBeNull();
    await app.inject({ url: summary, headers: auth });
    await app.changes.idle();
    expect(await bell()).toEqual(['Your account is paid: no amount is due']);
    expect((await mine())?.completed_because).toEqual({ kind: 'balance-paid' });
  });
});
