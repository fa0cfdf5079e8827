import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signIn } from '../../helpers/app.js';
import { ChangingSis, financialHold } from '../../changes/changing-sis.js';
import { adminAs, plainCells } from './admin-client.js';

let app: FastifyInstance;
let sis: ChangingSis;
let staff: Awaited<ReturnType<typeof adminAs>>;
beforeEach(async () => {
  sis = new ChangingSis();
  app = await createTestApp({ sis });
  staff = await adminAs(app, 'staff');
});
afterEach(async () => app.close());

const lastAudit = async () =>
  (await app.repositories.audit.search({ kind: 'change-rule', limit: 1 }))[0];
const rule = (over: Record<string, string> = {}): Array<[string, string]> =>
  Object.entries({
    opens: 'class-dropped',
    closes: '',
    code: '',
    title: 'Find a replacement class',
    body: 'One of your classes was dropped or cancelled. Find another before the add deadline.',
    link: '/academics',
    category: 'Registration',
    due_in_days: '7',
    ...over,
  });

describe('change rules in the admin (issue 74)', () => {
  it('lists the sample data\'s rules under "Change rules" in the admin\'s sections', async () => {
    const page = await staff.get('/admin/change-rules');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      '<a href="/admin/change-rules" aria-current="page">Change rules</a>',
    );
    const cells = plainCells(page.body);
    expect(cells).toContain('Clear your registration hold');
    expect(cells).toContain('<td>Hold added</td><td>AR</td><td>14 days</td><td>Hold removed</td>');
  });

  it('staff add a rule, audited; it opens its task for the change it names', async () => {
    const added = await staff.form(
      '/admin/change-rules',
      rule({
        opens: 'hold-added',
        code: 'AR',
        closes: 'hold-removed',
        title: 'Talk to the Business Office',
      }),
    );
    expect(added.statusCode).toBe(303);
    expect(await lastAudit()).toMatchObject({
      username: 'mchen',
      action: 'admin.change-rule.create',
      changes: { title: { before: null, after: 'Talk to the Business Office' } },
    });
    await signIn(app, 'student');
    await app.changes.sweep();
    sis.extraHolds = [financialHold];
    await app.changes.sweep();
    const tasks = await app.database.db
      .selectFrom('inbound_items')
      .select(['title', 'action_link'])
      .where('source_id', 'like', 'record:avalencia:%')
      .orderBy('title')
      .execute();
    expect(tasks.map((t) => t.title)).toEqual([
      'Pay your past-due balance',
      'Talk to the Business Office',
    ]);
  });

  it('a rule whose counterpart is the change that opens it, or with no title, is refused with the field named', async () => {
    const page = await staff.form(
      '/admin/change-rules',
      rule({ closes: 'class-dropped', title: '' }),
    );
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain(
      'The change that completes the task must differ from the one that opens it.',
    );
    expect(page.body).toContain('Enter the task’s title.');
  });

  it('staff edit a rule at the version read (a stale version is refused), and remove it, each audited', async () => {
    const added = await staff.form('/admin/change-rules', rule());
    const path = added.headers.location?.split('?')[0] ?? '';
    expect((await staff.get(path)).body).toContain('value="Find a replacement class"');
    const saved = await staff.form(path, [
      ...rule({ title: 'Pick another class' }),
      ['version', '1'],
    ]);
    expect(saved.statusCode).toBe(303);
    expect(await lastAudit()).toMatchObject({
      action: 'admin.change-rule.update',
      changes: { title: { before: 'Find a replacement class', after: 'Pick another class' } },
    });
    const stale = await staff.form(path, [...rule({ title: 'Too late' }), ['version', '1']]);
    expect(stale.statusCode).toBe(409);
    expect((await staff.get(`${path}/delete`)).body).toContain(
      'Remove the rule <strong>Pick another class</strong>?',
    );
    expect((await staff.form(`${path}/delete`, [['version', '2']])).statusCode).toBe(303);
    expect((await staff.get(path)).statusCode).toBe(404);
    expect(await lastAudit()).toMatchObject({ action: 'admin.change-rule.delete' });
  });

  it('issue 89: a rule may complete a Next Steps task staff wrote, chosen by its title; a task that is gone is refused with the field named', async () => {
    const [task] = await app.repositories.adminTasks.search(
      { q: 'Pay your term bill' },
      app.clock(),
    );
    if (!task) throw new Error('the sample data has "Pay your term bill"');
    const form = (await staff.get('/admin/change-rules/new')).body;
    expect(form).toContain('<label for="f-task_id">Next Steps task</label>');
    expect(form).toContain(`<option value="${task.id}">Pay your term bill</option>`);

    const added = await staff.form(
      '/admin/change-rules',
      rule({ opens: 'balance-due', closes: 'balance-paid', task_id: String(task.id) }),
    );
    expect(added.statusCode).toBe(303);
    const path = added.headers.location?.split('?')[0] ?? '';
    const id = Number(path.split('/').pop());
    expect((await app.repositories.changeRules.find(id))?.task_id).toBe(task.id);
    expect((await staff.get(path)).body).toMatch(
      new RegExp(`<option value="${task.id}" selected="">Pay your term bill</option>`),
    );

    // Back to a task of its own: the empty choice stores none.
    const own = await staff.form(path, [
      ...rule({ opens: 'balance-due', closes: 'balance-paid', task_id: '' }),
      ['version', '1'],
    ]);
    expect(own.statusCode).toBe(303);
    expect((await app.repositories.changeRules.find(id))?.task_id).toBeNull();

    const gone = await staff.form('/admin/change-rules', rule({ task_id: '999999' }));
    expect(gone.statusCode).toBe(400);
    expect(gone.body).toContain('There is no Next Steps task by this number');
    expect((await app.repositories.changeRules.list()).map((r) => r.task_id)).not.toContain(999999);
  });

  it('students cannot reach the page', async () => {
    const student = await adminAs(app, 'student');
    expect((await student.get('/admin/change-rules')).statusCode).toBe(403);
  });

  it('the reach page counts the last 24 hours of changes by kind (counts only)', async () => {
    await signIn(app, 'student');
    await app.changes.sweep();
    expect(plainCells((await staff.get('/admin/reach')).body)).toContain(
      'No change was found in the last 24 hours.',
    );
    sis.extraHolds = [financialHold];
    await app.changes.sweep();
    const page = plainCells((await staff.get('/admin/reach')).body);
    expect(page).toContain('<td>Hold added</td><td>1</td>');
    expect(page).toContain('1 change in the last 24 hours');
  });
});
