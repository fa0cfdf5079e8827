import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../contract/error.schema.js';
import { myNextStepsTaskListSchema } from '../../../contract/next-steps/mynextsteps.schema.js';
import { USER_TASKS_MAX } from '../../../contract/next-steps/task.schema.js';
import type { UserTask } from '../../../contract/next-steps/task.schema.js';

const summarise = (t: UserTask) => ({
  id: t.id,
  task_id: t.task.id,
  title: t.task.title,
  ends_on: t.task.ends_on,
  ends_on_day: t.task.ends_on_day,
  has_deadline: t.task.has_deadline,
  starred: t.starred,
  completed_on: t.completed_on,
  does_not_apply_on: t.does_not_apply_on,
  do_now_on: t.do_now_on,
  overdue: t.overdue,
});

/**
 * portal.md §7 `GET /api/integrations/mynextsteps/tasks`: the signed-in user's tasks, list order,
 * the first USER_TASKS_MAX (issue 87).
 */
export default async function myNextStepsRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/integrations/mynextsteps/tasks',
    {
      config: {
        access: {
          self: 'read',
          support: 'read',
          delegate: { category: 'next-steps', may: 'read' },
        },
      },
      schema: {
        summary: "The portal's My Next Steps block",
        response: { 200: myNextStepsTaskListSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      // Issue 87: cut in the store at the plain list's ceiling, as `user_task/`'s.
      const tasks = await request.adapters.tasks.list(
        { published: true, limit: USER_TASKS_MAX },
        app.clock(),
      );
      return reply.header('cache-control', 'no-store').send(tasks.map(summarise));
    },
  );
}
