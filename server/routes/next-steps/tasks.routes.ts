import type { FastifyInstance } from 'fastify';
import { accountOf } from '../../auth/acting.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../contract/error.schema.js';
import { idParamsSchema } from '../../../contract/next-steps/common.schema.js';
import {
  USER_TASKS_MAX,
  userTaskListSchema,
  userTaskPageSchema,
  userTaskPatchSchema,
  userTaskQuerySchema,
  userTaskSchema,
} from '../../../contract/next-steps/task.schema.js';
import type { UserTask, UserTaskQuery } from '../../../contract/next-steps/task.schema.js';
import { mayPreviewUnpublished } from '../../auth/rights.js';
import { NOT_FOUND, PREFIX } from './auth.js';

function pageUrl(query: UserTaskQuery, offset: number): string {
  const params = new URLSearchParams({ published: query.published });
  if (query.task__id !== undefined) params.set('task__id', String(query.task__id));
  params.set('limit', String(query.limit));
  params.set('offset', String(offset));
  return `${PREFIX}/user_task/?${params.toString()}`;
}

/**
 * With `limit` the list is paginated (count, next, previous, results); otherwise a plain list, read
 * to at most `USER_TASKS_MAX` (issue 87).
 */
function answer(all: UserTask[], query: UserTaskQuery) {
  if (query.limit === undefined) return all;
  const { limit, offset } = query;
  return {
    count: all.length,
    next: offset + limit < all.length ? pageUrl(query, offset + limit) : null,
    previous: offset > 0 ? pageUrl(query, Math.max(0, offset - limit)) : null,
    results: all.slice(offset, offset + limit),
  };
}

/** next-steps.md §7: the user's tasks and the change of one field of one of them. */
export default async function nextStepsTaskRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    `${PREFIX}/user_task/`,
    {
      config: {
        access: {
          self: 'read',
          support: 'read',
          delegate: { category: 'next-steps', may: 'read' },
        },
      },
      schema: {
        summary: 'Next Steps: the user tasks (paginated with limit)',
        querystring: userTaskQuerySchema,
        response: {
          200: z.union([userTaskListSchema, userTaskPageSchema]),
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { query } = request;
      const published = query.published.toLowerCase() === 'true';
      if (!published && !mayPreviewUnpublished(accountOf(request.actor))) {
        return reply.code(403).send({ detail: 'published: only staff may list unpublished tasks' });
      }
      const all = await request.adapters.tasks.list(
        // The plain list's ceiling is read in the store; a page counts the whole list.
        {
          published,
          taskId: query.task__id,
          limit: query.limit === undefined ? USER_TASKS_MAX : undefined,
        },
        app.clock(),
      );
      return reply.header('cache-control', 'no-store').send(answer(all, query));
    },
  );

  r.patch(
    `${PREFIX}/user_task/:id/`,
    {
      config: { access: { self: 'write', support: null, delegate: null } },
      schema: {
        summary: 'Next Steps: change one field of a user task',
        params: idParamsSchema,
        body: userTaskPatchSchema,
        response: { 200: userTaskSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const changed = await request.adapters.tasks.patch(
        request.params.id,
        request.body,
        app.clock(),
      );
      return changed ?? reply.code(404).send(NOT_FOUND);
    },
  );
}
