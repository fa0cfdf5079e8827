import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ReactNode } from 'react';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminDoneSchema, adminIdParamsSchema } from '../../../contract/admin/admin.schema.js';
import {
  adminTaskInputSchema,
  adminTaskQuerySchema,
  adminTaskUpdateSchema,
} from '../../../contract/admin/tasks.schema.js';
import type { AdminTask } from '../../../contract/admin/tasks.schema.js';
import type { FormState } from '../../admin/fields.js';
import { StaleNotice } from '../../admin/fields.js';
import { readInput, sendDone, sendInvalid, wantsPage, STALE_DETAIL } from '../../admin/forms.js';
import { adminAccess, adminCsrf, csrfOf } from '../../admin/guard.js';
import { adminPage } from '../../admin/layout.js';
import { registerVersionedDelete } from '../../admin/versioned-delete.js';
import { AdminChoicesRepository } from '../../db/repositories/admin-choices.repository.js';
import { AdminTasksRepository } from '../../db/repositories/admin-tasks.repository.js';
import { sendProblem } from '../../html/page.js';
import {
  deleteConfirm,
  NEW_TASK_VALUES,
  TASK_FORM,
  TASK_UPDATE_FORM,
  TaskForm,
  TaskList,
  taskValues,
} from './tasks-view.js';

const DONE = { created: 'Task created.', saved: 'Changes saved.', deleted: 'Task deleted.' };
const doneQuery = z.object({ done: adminDoneSchema });

/** Next Steps tasks (next-steps.md §3): list and search, create, edit (versioned), delete. */
export default async function tasksRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tasks = new AdminTasksRepository(app.database.db);
  const choices = new AdminChoicesRepository(app.database.db);
  const onRequest = adminAccess(app, 'staff');
  const change = { onRequest, preHandler: adminCsrf };
  const { timeZone, productName } = app.config.campus;

  const context = async (request: FastifyRequest) => ({
    categories: await choices.list('category'),
    studentTypes: await choices.list('student-type'),
    csrf: csrfOf(request),
    timeZone,
  });
  const html = (reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
  const page = (request: FastifyRequest, title: string, body: ReactNode, notice?: string) =>
    adminPage(request, productName, { title, section: 'tasks', body, notice });
  const formPage = async (
    request: FastifyRequest,
    state: FormState,
    task?: AdminTask,
    problem?: ReactNode,
  ) =>
    page(
      request,
      task ? `Edit “${task.title}”` : 'New task',
      TaskForm({ ctx: await context(request), state, task, problem }),
    );
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    sendProblem(request, reply, {
      status: 404,
      title: 'No such task',
      detail: 'This task does not exist (it may have been deleted).',
      link: { href: '/admin/tasks', text: 'Back to the tasks' },
    });

  r.get(
    '/admin/tasks',
    {
      onRequest,
      schema: { hide: true, querystring: adminTaskQuerySchema.extend(doneQuery.shape) },
    },
    async (request, reply) => {
      const now = app.clock();
      const found = await tasks.search(request.query, now);
      const body = TaskList({
        tasks: found,
        query: request.query,
        ctx: await context(request),
        now,
      });
      const notice = request.query.done ? DONE[request.query.done] : undefined;
      return html(reply).send(page(request, 'Next Steps tasks', body, notice));
    },
  );

  r.get('/admin/tasks/new', { onRequest, schema: { hide: true } }, async (request, reply) =>
    html(reply).send(await formPage(request, { values: NEW_TASK_VALUES, errors: {} })),
  );

  r.post('/admin/tasks', { ...change, schema: { hide: true } }, async (request, reply) => {
    const input = readInput(request, TASK_FORM, adminTaskInputSchema, timeZone);
    if (!input.ok) {
      const state = { values: input.values, errors: input.fields };
      const body = await formPage(request, state);
      return sendInvalid(request, reply, input.fields, () => body);
    }
    const task = await tasks.create(input.data);
    await app.auditChange(request, {
      action: 'admin.task.create',
      kind: 'task',
      objectId: task.id,
      before: null,
      after: task,
    });
    return sendDone(request, reply, `/admin/tasks/${task.id}?done=created`, task, 201);
  });

  r.get(
    '/admin/tasks/:id',
    { onRequest, schema: { hide: true, params: adminIdParamsSchema, querystring: doneQuery } },
    async (request, reply) => {
      const task = await tasks.find(request.params.id);
      if (!task) return notFound(request, reply);
      const state = { values: taskValues(task, timeZone), errors: {} };
      const notice = request.query.done ? DONE[request.query.done] : undefined;
      const body = TaskForm({ ctx: await context(request), state, task });
      return html(reply).send(page(request, `Edit “${task.title}”`, body, notice));
    },
  );

  const update = async (request: FastifyRequest, reply: FastifyReply, id: number) => {
    const before = await tasks.find(id);
    if (!before) return notFound(request, reply);
    const input = readInput(request, TASK_UPDATE_FORM, adminTaskUpdateSchema, timeZone);
    if (!input.ok) {
      const body = await formPage(request, { values: input.values, errors: input.fields }, before);
      return sendInvalid(request, reply, input.fields, () => body);
    }
    const { version, ...fields } = input.data;
    const saved = await tasks.update(before.id, fields, version);
    if (!saved.ok) {
      if (saved.reason === 'missing') return notFound(request, reply);
      // What the person typed stays in the form: nothing they wrote is lost.
      const problem = StaleNotice({
        detail: STALE_DETAIL,
        current: `/admin/tasks/${before.id}`,
      });
      const body = await formPage(request, { values: input.values, errors: {} }, before, problem);
      reply.code(409).header('cache-control', 'no-store');
      if (wantsPage(request)) return reply.type('text/html; charset=utf-8').send(body);
      return reply.send({ detail: STALE_DETAIL });
    }
    await app.auditChange(request, {
      action: 'admin.task.update',
      kind: 'task',
      objectId: before.id,
      before,
      after: saved.task,
    });
    return sendDone(request, reply, `/admin/tasks/${before.id}?done=saved`, saved.task);
  };
  const byId = { ...change, schema: { hide: true, params: adminIdParamsSchema } };
  r.post('/admin/tasks/:id', byId, (request, reply) => update(request, reply, request.params.id));
  r.put('/admin/tasks/:id', byId, (request, reply) => update(request, reply, request.params.id));

  registerVersionedDelete(app, {
    list: '/admin/tasks',
    title: 'Delete this task?',
    back: 'go back to the tasks',
    onRequest,
    page,
    missing: notFound,
    find: (id) => tasks.find(id),
    confirm: deleteConfirm,
    remove: async (id, version) => {
      const removed = await tasks.remove(id, version);
      return removed.ok ? { ok: true, removed: removed.task } : removed;
    },
    audit: (request, _id, task) =>
      app.auditChange(request, {
        action: 'admin.task.delete',
        kind: 'task',
        objectId: task.id,
        before: task,
        after: null,
      }),
  });
}
