import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorSchema } from '../../../../contract/error.schema.js';
import {
  USER_TASKS_MAX,
  userTaskListSchema,
  userTaskPageSchema,
} from '../../../../contract/next-steps/task.schema.js';
import { myNextStepsTaskListSchema } from '../../../../contract/next-steps/mynextsteps.schema.js';
import { NOW, as, nextStepsApp } from './helpers.js';

/** Issue 87: the Next Steps tasks a page at a time (`limit`, `offset`) and the plain list bounded. */
describe('GET /next-steps/api/user_task/: pages and the ceiling', () => {
  let app: FastifyInstance;
  let student: Awaited<ReturnType<typeof as>>;

  beforeAll(async () => {
    app = await nextStepsApp();
    const { id: allStudents } = await app.database.db
      .selectFrom('ns_student_types')
      .select('id')
      .where('name', '=', 'All Students')
      .executeTakeFirstOrThrow();
    // More published tasks for every student than one answer holds.
    for (let i = 0; i < USER_TASKS_MAX + 20; i += 1) {
      await app.repositories.nextStepsTasks.insertTask(
        {
          title: `Bulk task ${i}`,
          description: 'One of many.',
          category_id: 1,
          starts_on: null,
          ends_on: new Date(NOW.getTime() + (i + 1) * 3_600_000).toISOString(),
          has_deadline: 1,
          is_important: 0,
          important_reason: '',
          new_student_checklist: 0,
          checklist_rank: null,
          action_date: null,
          periodicity: 'once',
          sort_by: 'END',
          modality: 'ONLINE',
          published: 1,
        },
        [allStudents],
      );
    }
    student = await as(app, 'student');
  }, 300_000);
  afterAll(async () => app.close());

  const page = async (query: string) => {
    const response = await student.get(`user_task/?published=True&${query}`);
    expect(response.statusCode).toBe(200);
    return userTaskPageSchema.parse(response.json());
  };

  it(`the plain list holds at most ${USER_TASKS_MAX}, the first of the whole list`, async () => {
    const plain = await student.tasks();
    expect(plain).toHaveLength(USER_TASKS_MAX);
    const first = await page(`limit=${USER_TASKS_MAX}`);
    expect(first.count).toBeGreaterThan(USER_TASKS_MAX);
    expect(plain.map((t) => t.id)).toEqual(first.results.map((t) => t.id));
  });

  it(`the portal's My Next Steps block holds at most ${USER_TASKS_MAX}, the plain list's`, async () => {
    const response = await app.inject({
      url: '/api/integrations/mynextsteps/tasks',
      headers: { authorization: `Token ${student.token}` },
    });
    expect(response.statusCode).toBe(200);
    const block = myNextStepsTaskListSchema.parse(response.json());
    expect(block).toHaveLength(USER_TASKS_MAX);
    expect(block.map((t) => t.id)).toEqual((await student.tasks()).map((t) => t.id));
  });

  it('pages of 250 walk the whole list: every task once, none left out', async () => {
    const first = await page('limit=250');
    expect(first.results).toHaveLength(250);
    const seen = [...first.results.map((t) => t.id)];
    let next = first.next;
    while (next) {
      const response = await app.inject({
        url: next,
        headers: { authorization: `Token ${student.token}` },
      });
      const more = userTaskPageSchema.parse(response.json());
      seen.push(...more.results.map((t) => t.id));
      next = more.next;
    }
    expect(seen).toHaveLength(first.count);
    expect(new Set(seen).size).toBe(first.count);
  });

  it(`limit=${USER_TASKS_MAX} is the most a page holds; more is 400 with what to do`, async () => {
    expect((await page(`limit=${USER_TASKS_MAX}`)).results).toHaveLength(USER_TASKS_MAX);
    for (const bad of [
      `limit=${USER_TASKS_MAX + 1}`,
      'limit=0',
      'limit=2.5',
      'offset=-1',
      'offset=x',
    ]) {
      const response = await student.get(`user_task/?published=True&${bad}`);
      expect(response.statusCode).toBe(400);
      expect(errorSchema.parse(response.json()).detail).toBeTruthy();
    }
  });

  it('an offset past the end is an empty page, not an error', async () => {
    const past = await page('limit=10&offset=999999');
    expect(past.results).toEqual([]);
    expect(past.next).toBeNull();
    expect(userTaskListSchema.safeParse(past.results).success).toBe(true);
  });
});
