import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ADMIN_LIST_PAGE_SIZE,
  adminCursorSchema,
  adminDoneSchema,
} from '../../../contract/admin/admin.schema.js';
import {
  adminTaskInputSchema,
  adminTaskQuerySchema,
  adminTaskUpdateSchema,
} from '../../../contract/admin/tasks.schema.js';
import { registerCrud } from '../../admin/crud.js';
import { csrfOf } from '../../admin/guard.js';
import { inOrder, withPageLinks } from '../../admin/pager.js';
import { pageOf } from '../../db/repositories/keyset.js';
import type { SaveResult } from '../../db/repositories/admin-tasks.repository.js';
import {
  deleteConfirm,
  NEW_TASK_VALUES,
  TASK_FORM,
  TASK_UPDATE_FORM,
  TaskForm,
  TaskList,
  taskValues,
} from './tasks-view.js';

const taskQuerySchema = adminTaskQuerySchema.extend({
  done: adminDoneSchema,
  after: adminCursorSchema('Not a place in the tasks: open the first page.'),
});
const saved = (save: SaveResult) => (save.ok ? { ok: true as const, item: save.task } : save);

/** Next Steps tasks (next-steps.md §3): list and search, create, edit (versioned), delete. */
export default async function tasksRoutes(app: FastifyInstance) {
  const tasks = app.repositories.adminTasks;
  const choices = app.repositories.adminChoices;
  const { timeZone } = app.config.campus;

  const context = async (request: FastifyRequest) => ({
    categories: await choices.list('category'),
    studentTypes: await choices.list('student-type'),
    csrf: csrfOf(request),
    timeZone,
    defaultOffsets: app.config.campus.reminders.offsets,
  });

  registerCrud(app, {
    list: '/admin/tasks',
    kind: 'task',
    section: 'tasks',
    done: { created: 'Task created.', saved: 'Changes saved.', deleted: 'Task deleted.' },
    missing: {
      title: 'No such task',
      detail: 'This task does not exist (it may have been deleted).',
      back: 'Back to the tasks',
    },
    titles: {
      list: 'Next Steps tasks',
      create: 'New task',
      edit: (task) => `Edit “${task.title}”`,
    },
    query: taskQuerySchema,
    listBody: async (request, query: z.infer<typeof taskQuerySchema>) => {
      const now = app.clock();
      const { q, category, state, after } = query;
      const read = await tasks.search({ q, category, state }, now, ADMIN_LIST_PAGE_SIZE + 1, after);
      const { items, next } = pageOf(read, ADMIN_LIST_PAGE_SIZE);
      return withPageLinks(TaskList({ tasks: items, query, ctx: await context(request), now }), {
        list: '/admin/tasks',
        filters: { q, category, state },
        cursor: 'after',
        at: after,
        next,
        words: inOrder('Task pages'),
      });
    },
    blank: NEW_TASK_VALUES,
    values: (task) => taskValues(task, timeZone),
    form: async (request, state, task, problem) =>
      TaskForm({ ctx: await context(request), state, task, problem }),
    find: (id) => tasks.find(id),
    create: {
      fields: TASK_FORM,
      schema: adminTaskInputSchema,
      save: async (input) => ({ ok: true, item: await tasks.create(input, timeZone) }),
    },
    update: {
      fields: TASK_UPDATE_FORM,
      schema: adminTaskUpdateSchema,
      save: async (id, input, version) => saved(await tasks.update(id, input, version, timeZone)),
    },
    remove: {
      title: 'Delete this task?',
      back: 'go back to the tasks',
      confirm: deleteConfirm,
      remove: async (id, version) => saved(await tasks.remove(id, version)),
    },
  });
}
