import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditQuerySchema } from '../../../../contract/admin/admin.schema.js';
import { adminErrorSchema } from '../../../../contract/admin/admin.schema.js';
import { adminTaskSchema } from '../../../../contract/admin/tasks.schema.js';
import { userTaskListSchema } from '../../../../contract/next-steps/task.schema.js';
import { createTestApp, signIn } from '../../helpers/app.js';
import { draftTask } from './task-input.js';
import { adminAs } from './admin-client.js';

let app: FastifyInstance;
let staff: Awaited<ReturnType<typeof adminAs>>;
let allStudents: number;
beforeAll(async () => {
  app = await createTestApp();
  staff = await adminAs(app, 'staff');
  const page = await staff.get('/admin/tasks/new');
  allStudents = Number(/value="(\d+)"\/> <label for="[^"]+">All Students</.exec(page.body)?.[1]);
});
afterAll(async () => app.close());

const create = async (over = {}) => {
  const response = await staff.json(
    'POST',
    '/admin/tasks',
    draftTask({ student_type_ids: [allStudents], ...over }),
  );
  expect(response.statusCode).toBe(201);
  return adminTaskSchema.parse(response.json());
};
const lastAudit = async () => (await app.repositories.audit.search({ kind: 'task', limit: 1 }))[0];

describe('Next Steps tasks in the admin', () => {
  it('staff create a task; the audit trail records who, what and every field after', async () => {
    const task = await create({ title: 'Return your library books' });
    expect(task).toMatchObject({ version: 1, title: 'Return your library books' });
    expect(await lastAudit()).toMatchObject({
      username: 'mchen',
      action: 'admin.task.create',
      objectId: String(task.id),
      changes: { title: { before: null, after: 'Return your library books' } },
    });
  });

  it('a task created for all students shows in a signed-in student’s list on their next load', async () => {
    const { token } = await signIn(app, 'student');
    await create({ title: 'Seen on the next load' });
    const list = await app.inject({
      url: '/next-steps/api/user_task/?published=True',
      headers: { authorization: `Token ${token}` },
    });
    expect(userTaskListSchema.parse(list.json()).map((t) => t.task.title)).toContain(
      'Seen on the next load',
    );
  });

  it('a task published for tomorrow stays hidden from students', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    await create({ title: 'Not yet', publishes_on: tomorrow });
    const { token } = await signIn(app, 'student');
    const list = await app.inject({
      url: '/next-steps/api/user_task/?published=True',
      headers: { authorization: `Token ${token}` },
    });
    expect(userTaskListSchema.parse(list.json()).map((t) => t.task.title)).not.toContain('Not yet');
  });

  it('an edit records the fields before and after', async () => {
    const task = await create({ title: 'Before' });
    const { id, version, ...fields } = task;
    const response = await staff.json('PUT', `/admin/tasks/${id}`, {
      ...fields,
      title: 'After',
      version,
    });
    expect(response.statusCode).toBe(200);
    expect(adminTaskSchema.parse(response.json()).version).toBe(2);
    expect((await lastAudit())?.changes).toEqual({
      title: { before: 'Before', after: 'After' },
      version: { before: 1, after: 2 },
    });
  });

  it('a stale edit is refused with 409 and a clear message, and nothing is overwritten', async () => {
    const task = await create({ title: 'Theirs' });
    const { id, version, ...fields } = task;
    await staff.json('PUT', `/admin/tasks/${id}`, { ...fields, title: 'Theirs, edited', version });
    const stale = await staff.json('PUT', `/admin/tasks/${id}`, {
      ...fields,
      title: 'Mine',
      version,
    });
    expect(stale.statusCode).toBe(409);
    expect(adminErrorSchema.parse(stale.json()).detail).toMatch(/Someone else changed this/);
    const page = await staff.get(`/admin/tasks/${id}`);
    expect(page.body).toContain('value="Theirs, edited"');
  });

  it('a stale form comes back with what was typed and the warning', async () => {
    const task = await create({ title: 'Form stale' });
    await staff.json('PUT', `/admin/tasks/${task.id}`, {
      ...draftTask({ student_type_ids: [allStudents] }),
      title: 'Moved on',
      version: 1,
    });
    const response = await staff.form(`/admin/tasks/${task.id}`, [
      ['version', '1'],
      ['title', 'My careful words'],
      ['category_id', '1'],
      ['periodicity', 'once'],
      ['sort_by', 'START'],
      ['modality', 'ONLINE'],
      ['student_type_ids', String(allStudents)],
    ]);
    expect(response.statusCode).toBe(409);
    expect(response.body).toContain('value="My careful words"');
    expect(response.body).toContain('Someone else changed this');
  });

  it.each([
    ['title', { title: '  ' }, 'Enter a title.'],
    ['category_id', { category_id: 0 }, 'Choose a category.'],
    ['student_type_ids', { student_type_ids: [] }, 'Choose at least one student type.'],
    [
      'ends_on',
      { starts_on: '2026-12-01', ends_on: '2026-11-01' },
      'The end date is before the start date.',
    ],
    [
      'important_reason',
      { is_important: true, important_reason: '' },
      'Say why the task is important.',
    ],
    [
      'checklist_rank',
      { new_student_checklist: true, checklist_rank: null },
      'Give the task its place',
    ],
    ['publishes_on', { publishes_on: 'tomorrow' }, 'Enter a date and time.'],
    ['publishes_on', { publishes_on: '0000-01-01T00:00:00Z' }, 'Enter a date and time.'],
    ['surprise', { surprise: 1 }, ''],
  ])('a bad body answers 400 naming the field %s', async (field, over, message) => {
    const response = await staff.json('POST', '/admin/tasks', { ...draftTask(), ...over });
    expect(response.statusCode).toBe(400);
    const answer = adminErrorSchema.parse(response.json());
    expect(answer.detail).toContain(field);
    expect(answer.fields?.[field]).toContain(message);
  });

  it('a refused form keeps every value typed and puts the message next to its field', async () => {
    const response = await staff.form('/admin/tasks', [
      ['title', 'Half-written <task>'],
      ['description', 'Long thoughts'],
      ['is_important', 'on'],
      ['category_id', '1'],
      ['periodicity', 'once'],
      ['sort_by', 'START'],
      ['modality', 'ONLINE'],
      ['student_type_ids', String(allStudents)],
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('value="Half-written &lt;task&gt;"');
    expect(response.body).toContain('>Long thoughts</textarea>');
    expect(response.body).toMatch(
      /<label for="f-important_reason">[^<]+<\/label>\s*<p class="hint"[^<]+<\/p>\s*<p class="error" id="f-important_reason-error">Say why the task is important.<\/p>/,
    );
    expect(response.body).toContain('aria-invalid="true"');
    expect(response.body).toMatch(/id="f-is_important" name="is_important" checked/);
  });

  it('a form that works goes on to the task with a confirmation', async () => {
    const response = await staff.form('/admin/tasks', [
      ['title', 'From the form'],
      ['description', ''],
      ['category_id', '1'],
      ['starts_on', '2026-11-01'],
      ['publishes_on', '2026-12-01T09:30'],
      ['periodicity', 'once'],
      ['sort_by', 'END'],
      ['modality', 'HYBRID'],
      ['published', 'on'],
      ['student_type_ids', String(allStudents)],
    ]);
    expect(response.statusCode).toBe(303);
    const page = await staff.get(response.headers.location ?? '');
    expect(page.body).toContain('Task created.');
    // 09:30 in the campus's time zone (Los Angeles, PST) is 17:30 UTC.
    expect(await lastAudit()).toMatchObject({
      changes: { publishes_on: { after: '2026-12-01T17:30:00.000Z' } },
    });
    expect(page.body).toContain('value="2026-12-01T09:30"');
  });

  it('deleting asks first, then needs the version shown; it is audited', async () => {
    const task = await create({ title: 'Going away' });
    const confirm = await staff.get(`/admin/tasks/${task.id}/delete`);
    expect(confirm.body).toContain('Delete the task <strong>Going away</strong>?');
    expect((await staff.json('DELETE', `/admin/tasks/${task.id}`, {})).statusCode).toBe(400);
    expect((await staff.json('DELETE', `/admin/tasks/${task.id}`, { version: 5 })).statusCode).toBe(
      409,
    );
    const done = await staff.form(`/admin/tasks/${task.id}/delete`, [['version', '1']]);
    expect(done.statusCode).toBe(303);
    expect((await staff.get(`/admin/tasks/${task.id}`)).statusCode).toBe(404);
    expect(await lastAudit()).toMatchObject({
      action: 'admin.task.delete',
      changes: { title: { before: 'Going away', after: null } },
    });
  });

  it('searches the list', async () => {
    await create({ title: 'Zebra crossing duty' });
    const page = await staff.get('/admin/tasks?q=zebra');
    expect(page.body).toContain('Zebra crossing duty');
    expect(page.body).toContain('1 task<');
  });

  it('the audit filter schema forgives bad values', () => {
    expect(adminAuditQuerySchema.parse({ from: 'yesterday', kind: 'task' })).toEqual({
      kind: 'task',
    });
  });
});
