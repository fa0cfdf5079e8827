import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { myNextStepsTaskListSchema } from '../../../../contract/next-steps/mynextsteps.schema.js';
import { as, nextStepsApp } from '../next-steps/helpers.js';

describe('GET /api/integrations/mynextsteps/tasks', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await nextStepsApp();
  });
  afterEach(async () => app.close());

  it("answers the signed-in user's tasks with id, starred, completed_on, does_not_apply_on, do_now_on, overdue", async () => {
    const student = await as(app, 'student');
    const response = await app.inject({
      url: '/api/integrations/mynextsteps/tasks',
      headers: { authorization: `Token ${student.token}` },
    });
    expect(response.statusCode).toBe(200);
    const tasks = myNextStepsTaskListSchema.parse(response.json());
    const full = await student.tasks();
    expect(tasks.map((t) => t.id)).toEqual(full.map((t) => t.id));
    expect(tasks[0]).toEqual({
      id: full[0]!.id,
      task_id: full[0]!.task.id,
      title: full[0]!.task.title,
      ends_on: full[0]!.task.ends_on,
      ends_on_day: full[0]!.task.ends_on_day,
      has_deadline: full[0]!.task.has_deadline,
      starred: full[0]!.starred,
      completed_on: full[0]!.completed_on,
      does_not_apply_on: full[0]!.does_not_apply_on,
      do_now_on: full[0]!.do_now_on,
      overdue: full[0]!.overdue,
    });
  });

  it('answers 401 without a token', async () => {
    const response = await app.inject({ url: '/api/integrations/mynextsteps/tasks' });
    expect(response.statusCode).toBe(401);
  });
});
