import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminErrorSchema } from '../../../../contract/admin/admin.schema.js';
import { adminTaskSchema } from '../../../../contract/admin/tasks.schema.js';
import { createTestApp } from '../../helpers/app.js';
import { adminAs } from './admin-client.js';
import { draftTask } from './task-input.js';

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

/** The task form as a browser posts it, with the reminder days typed as `offsets`. */
const taskForm = (offsets: string, title = 'Send your immunization record') =>
  [
    ['title', title],
    ['description', 'Upload it in the health portal.'],
    ['category_id', '1'],
    ['ends_on', '2026-12-20'],
    ['has_deadline', 'on'],
    ['periodicity', 'once'],
    ['sort_by', 'END'],
    ['modality', 'ONLINE'],
    ['published', 'on'],
    ['student_type_ids', String(allStudents)],
    ['reminder_offsets', offsets],
  ] as Array<[string, string]>;

describe('a task’s own reminder days in the admin (issue 29)', () => {
  it('the task form asks for the days before the deadline and names the campus default', async () => {
    const page = await staff.get('/admin/tasks/new');
    expect(page.body).toContain('Remind students N days before');
    expect(page.body).toContain('Empty: the campus default (3, 1)');
  });

  it('staff type "7, 3, 1": the task keeps 7, 3 and 1 and its form shows them again', async () => {
    const response = await staff.form('/admin/tasks', taskForm('7, 3, 1'));
    expect(response.statusCode).toBe(303);
    const location = response.headers.location ?? '';
    const id = Number(/\/admin\/tasks\/(\d+)/.exec(location)?.[1]);
    expect((await app.repositories.adminTasks.find(id))?.reminder_offsets).toEqual([7, 3, 1]);
    const page = await staff.get(location);
    expect(page.body).toMatch(/name="reminder_offsets" value="7, 3, 1"/);
  });

  it('days typed in any order with spaces are kept latest first', async () => {
    const response = await staff.json(
      'POST',
      '/admin/tasks',
      draftTask({ student_type_ids: [allStudents], reminder_offsets: [1, 14, 0] }),
    );
    expect(response.statusCode).toBe(201);
    expect(adminTaskSchema.parse(response.json()).reminder_offsets).toEqual([14, 1, 0]);
  });

  it('an empty field keeps the campus default (no days of its own)', async () => {
    const response = await staff.form('/admin/tasks', taskForm('  '));
    expect(response.statusCode).toBe(303);
    const id = Number(/\/admin\/tasks\/(\d+)/.exec(response.headers.location ?? '')?.[1]);
    expect((await app.repositories.adminTasks.find(id))?.reminder_offsets).toEqual([]);
  });

  it('a script that leaves the days out gets the campus default', async () => {
    const { reminder_offsets: _left, ...body } = draftTask({ student_type_ids: [allStudents] });
    const response = await staff.json('POST', '/admin/tasks', body);
    expect(response.statusCode).toBe(201);
    expect(adminTaskSchema.parse(response.json()).reminder_offsets).toEqual([]);
  });

  it.each([
    ['7, 90', 'Remind at most 60 days before the deadline.'],
    ['3, -1', 'Days before the deadline start at 0'],
    ['1, 2, 3, 4, 5, 6', 'Give at most 5 reminders.'],
    ['3, 3', 'Give each number of days once.'],
    ['a week', 'Enter whole numbers of days, separated by commas'],
    ['1.5', 'Enter whole numbers of days, separated by commas'],
  ])(
    'bounded: "%s" is refused with a clear message, and the form keeps everything typed',
    async (typed, message) => {
      const response = await staff.form('/admin/tasks', taskForm(typed, 'Careful <title>'));
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(`name="reminder_offsets" value="${typed}"`);
      expect(response.body).toContain('value="Careful &lt;title&gt;"');
      expect(response.body).toContain('>Upload it in the health portal.</textarea>');
      expect(response.body).toMatch(
        new RegExp(`<p class="error" id="f-reminder_offsets-error">${message.replace('.', '\\.')}`),
      );
    },
  );

  it('an edit with bad days saves nothing and keeps the edit in the form', async () => {
    const created = await staff.json(
      'POST',
      '/admin/tasks',
      draftTask({ student_type_ids: [allStudents], reminder_offsets: [5] }),
    );
    const task = adminTaskSchema.parse(created.json());
    const response = await staff.form(`/admin/tasks/${task.id}`, [
      ['version', String(task.version)],
      ...taskForm('10, 61', 'Renamed while editing'),
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('value="Renamed while editing"');
    expect(response.body).toContain('name="reminder_offsets" value="10, 61"');
    expect(await app.repositories.adminTasks.find(task.id)).toMatchObject({
      reminder_offsets: [5],
      version: 1,
    });
  });

  it('a script’s bad days answer 400 naming the field', async () => {
    const response = await staff.json(
      'POST',
      '/admin/tasks',
      draftTask({ student_type_ids: [allStudents], reminder_offsets: [1, 2, 3, 4, 5, 6] }),
    );
    expect(response.statusCode).toBe(400);
    expect(adminErrorSchema.parse(response.json()).fields?.reminder_offsets).toBe(
      'Give at most 5 reminders.',
    );
  });
});
