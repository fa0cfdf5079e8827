import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorSchema } from '../../../../contract/error.schema.js';
import {
  userTaskListSchema,
  userTaskPageSchema,
  userTaskSchema,
} from '../../../../contract/next-steps/task.schema.js';
import { NOW, api, as, nextStepsApp } from './helpers.js';

describe('GET /next-steps/api/user_task/', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await nextStepsApp();
  });
  afterEach(async () => app.close());

  it('answers 401 JSON without a token', async () => {
    const response = await app.inject({ url: api('user_task/?published=True') });
    expect(response.statusCode).toBe(401);
    expect(errorSchema.parse(response.json()).detail).toBeTruthy();
  });

  it("sets up a user's Next Steps records on the first call only, not on every call", async () => {
    const setUp = vi.spyOn(app.repositories.nextStepsProfile, 'ensureUser');
    const student = await as(app, 'student');
    const first = await student.tasks();
    const again = await student.tasks();
    expect(again).toEqual(first);
    expect(setUp).toHaveBeenCalledTimes(1);
  });

  it('a user sees the published tasks that target one of their student types or "All Students"', async () => {
    const student = await as(app, 'student');
    const titles = (await student.tasks()).map((t) => t.task.title);
    expect(titles).toContain('Submit your FAFSA'); // All Students
    expect(titles).toContain('Register for next term'); // Undergraduate
    expect(titles).not.toContain('Pay your tuition deposit'); // First-Year only
    expect(titles).not.toContain('Confirm your international student status'); // International
    expect(titles).not.toContain('Draft task: spring welcome'); // unpublished
  });

  it('gives the new student the new-student checklist tasks', async () => {
    const tasks = await (await as(app, 'new-student')).tasks();
    const checklist = tasks.filter((t) => t.task.new_student_checklist);
    expect(checklist.length).toBeGreaterThanOrEqual(5);
    // The record makes them an undergraduate too (issue #28), but not an international student.
    expect(tasks.map((t) => t.task.title)).not.toContain(
      'Confirm your international student status',
    );
  });

  it('overdue is computed by the server: has a deadline, ends_on passed, not done', async () => {
    const student = await as(app, 'student');
    const tasks = await student.tasks();
    for (const t of tasks) {
      const passed = t.task.ends_on !== null && new Date(t.task.ends_on) < NOW;
      expect(t.overdue).toBe(t.task.has_deadline && passed && t.completed_on === null);
    }
    const fafsa = tasks.find((t) => t.task.title === 'Submit your FAFSA');
    expect(fafsa?.overdue).toBe(true);
    const done = await student.patch(`user_task/${fafsa?.id}/`, {
      completed_on: NOW.toISOString(),
    });
    expect(userTaskSchema.parse(done.json()).overdue).toBe(false);
  });

  it('answers a plain list without limit and a page with results when limit is given', async () => {
    const student = await as(app, 'student');
    const all = await student.tasks();
    const first = await student.get('user_task/?published=True&limit=5');
    const page = userTaskPageSchema.parse(first.json());
    expect(page.count).toBe(all.length);
    expect(page.results.map((t) => t.id)).toEqual(all.slice(0, 5).map((t) => t.id));
    expect(page.previous).toBeNull();
    expect(page.next).toBe('/next-steps/api/user_task/?published=True&limit=5&offset=5');
    const second = userTaskPageSchema.parse((await student.get(page.next!.slice(16))).json());
    expect(second.results.map((t) => t.id)).toEqual(all.slice(5, 10).map((t) => t.id));
    expect(second.previous).toBe('/next-steps/api/user_task/?published=True&limit=5&offset=0');
  });

  it('fetches a single task with task__id', async () => {
    const student = await as(app, 'student');
    const [one] = await student.tasks();
    const response = await student.get(`user_task/?published=True&task__id=${one!.task.id}`);
    expect(userTaskListSchema.parse(response.json()).map((t) => t.id)).toEqual([one!.id]);
    const none = await student.get('user_task/?published=True&task__id=99999');
    expect(none.json()).toEqual([]);
  });

  it.each([['limit=0'], ['limit=abc'], ['task__id=-1'], ['published=maybe']])(
    'answers 400 JSON for a bad query (%s)',
    async (query) => {
      const response = await (await as(app, 'student')).get(`user_task/?${query}`);
      expect(response.statusCode).toBe(400);
      expect(errorSchema.parse(response.json()).detail).toBeTruthy();
    },
  );

  it('serves the demo task-assignment shapes while demo mode is on', async () => {
    const { token } = await as(app, 'student');
    const response = await app.inject({
      url: api('user_task/?published=True'),
      headers: { authorization: `Token ${token}`, cookie: 'portal_demo=1' },
    });
    const tasks = userTaskListSchema.parse(response.json());
    expect(tasks.length).toBeGreaterThan(0);
    expect(tasks.every((t) => t.task.title.startsWith('Demo:'))).toBe(true);
    expect(tasks.every((t) => t.task.sort_by === 'START' && t.task.modality === 'ONLINE')).toBe(
      true,
    );
  });
});

describe('PATCH /next-steps/api/user_task/{userTaskId}/', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await nextStepsApp();
  });
  afterEach(async () => app.close());

  it.each([
    [{ completed_on: '2026-09-15T12:00:00.000Z' }, 'completed_on', '2026-09-15T12:00:00.000Z'],
    [{ completed_on: null }, 'completed_on', null],
    [
      { does_not_apply_on: '2026-09-15T05:00:00-07:00' },
      'does_not_apply_on',
      '2026-09-15T12:00:00.000Z',
    ],
    [{ does_not_apply_on: null }, 'does_not_apply_on', null],
    [{ do_now_on: '2026-09-15T12:00:00Z' }, 'do_now_on', '2026-09-15T12:00:00.000Z'],
    [{ starred: true }, 'starred', true],
    [{ starred: false }, 'starred', false],
  ])('changes exactly the one field sent: %j', async (body, field, stored) => {
    const student = await as(app, 'student');
    const [task] = await student.tasks();
    const response = await student.patch(`user_task/${task!.id}/`, body);
    expect(response.statusCode).toBe(200);
    const changed = userTaskSchema.parse(response.json());
    expect(changed[field as keyof typeof changed]).toEqual(stored);
    const again = (await student.tasks()).find((t) => t.id === task!.id);
    expect(again).toEqual(changed);
  });

  it.each([
    ['two fields', { starred: true, completed_on: null }],
    ['no field', {}],
    ['an unknown field', { title: 'mine now' }],
    ['a known and an unknown field', { starred: true, user: 2 }],
    ['starred as text', { starred: 'yes' }],
    ['completed_on as a number', { completed_on: 5 }],
    ['completed_on not a time', { completed_on: 'yesterday' }],
    ['do_now_on null', { do_now_on: null }],
    ['does_not_apply_on as a boolean', { does_not_apply_on: true }],
  ])('answers 400 JSON for a bad body: %s', async (_name, body) => {
    const student = await as(app, 'student');
    const [task] = await student.tasks();
    const response = await student.patch(`user_task/${task!.id}/`, body);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(errorSchema.parse(response.json()).detail).toMatch(/^[a-z_]+: /);
  });

  it("answers 404 for another user's task and for an unknown id", async () => {
    const student = await as(app, 'student');
    const other = await as(app, 'new-student');
    const [theirs] = await other.tasks();
    const cross = await student.patch(`user_task/${theirs!.id}/`, { starred: true });
    expect(cross.statusCode).toBe(404);
    expect(errorSchema.parse(cross.json()).detail).toBeTruthy();
    expect((await other.tasks()).find((t) => t.id === theirs!.id)?.starred).toBe(false);
    expect((await student.patch('user_task/999999/', { starred: true })).statusCode).toBe(404);
  });

  it('answers 400 for an id that is not a number, 404 without the trailing slash', async () => {
    const student = await as(app, 'student');
    expect((await student.patch('user_task/abc/', { starred: true })).statusCode).toBe(400);
    const [task] = await student.tasks();
    const bare = await student.patch(`user_task/${task!.id}`, { starred: true });
    expect(bare.statusCode).toBe(404);
    expect(errorSchema.parse(bare.json()).detail).toBeTruthy();
  });

  it('answers 401 without a token', async () => {
    const response = await app.inject({
      method: 'PATCH',
      url: api('user_task/1/'),
      payload: { starred: true },
    });
    expect(response.statusCode).toBe(401);
  });
});
