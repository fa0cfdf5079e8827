import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SELF_WRITES } from '../../auth/access.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminDoneSchema, adminIdSchema } from '../../../contract/admin/admin.schema.js';
import {
  adminCategoryInputSchema,
  adminCategoryRenameSchema,
  adminNamedInputSchema,
  adminNamedRenameSchema,
} from '../../../contract/admin/tasks.schema.js';
import { readInput, sendDone, sendInvalid, wantsPage } from '../../admin/forms.js';
import type { FieldErrors, FormValues } from '../../admin/forms.js';
import { adminCsrf, csrfOf } from '../../admin/guard.js';
import { adminPage } from '../../admin/layout.js';
import type { Choice, ChoiceKind } from '../../db/repositories/admin-choices.repository.js';
import { sendProblem } from '../../html/page.js';
import type { ActiveForm } from './choices-view.js';
import { ChoiceDeleteConfirm, ChoicesBody, KINDS } from './choices-view.js';

const kindSchema = z.enum(['category', 'student-type', 'notification-type']);
const kindParams = z.object({ kind: kindSchema });
const itemParams = z.object({ kind: kindSchema, id: adminIdSchema });
const RENAME_FORM = { name: 'text', previous_name: 'text' } as const;
const RENAME_CATEGORY_FORM = { ...RENAME_FORM, slug: 'text', previous_slug: 'text' } as const;
const DONE = { created: 'Added.', saved: 'Renamed.', deleted: 'Deleted.' };
const REFUSED: Record<'taken' | 'in-use', FieldErrors> = {
  taken: { name: 'That name (or slug) is already used.' },
  'in-use': { name: 'Tasks still use it: move them to another choice first.' },
};

/** Categories, student types and notification types of the Next Steps tasks. */
export default async function choicesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const choices = app.repositories.adminChoices;
  const { timeZone, productName } = app.config.campus;

  const render = async (request: FastifyRequest, active?: ActiveForm, notice?: string) => {
    const lists = new Map<ChoiceKind, Choice[]>();
    for (const { kind } of KINDS) lists.set(kind, await choices.list(kind));
    const body = ChoicesBody({ lists, csrf: csrfOf(request), active });
    return adminPage(request, productName, {
      title: 'Task choices',
      section: 'choices',
      body,
      notice,
    });
  };
  const read = (request: FastifyRequest, kind: ChoiceKind) =>
    kind === 'category'
      ? readInput(request, { name: 'text', slug: 'text' }, adminCategoryInputSchema, timeZone)
      : readInput(request, { name: 'text' }, adminNamedInputSchema, timeZone);
  /** A rename: the new name (and slug), and the ones the form showed. */
  const readRename = (request: FastifyRequest, kind: ChoiceKind) => {
    if (kind === 'category') {
      const input = readInput(request, RENAME_CATEGORY_FORM, adminCategoryRenameSchema, timeZone);
      if (!input.ok) return input;
      const { name, slug, previous_name, previous_slug } = input.data;
      const data = { value: { name, slug }, seen: { name: previous_name, slug: previous_slug } };
      return { ...input, data };
    }
    const input = readInput(request, RENAME_FORM, adminNamedRenameSchema, timeZone);
    if (!input.ok) return input;
    const { name, previous_name } = input.data;
    return { ...input, data: { value: { name }, seen: { name: previous_name } } };
  };
  const refuse = async (request: FastifyRequest, reply: FastifyReply, active: ActiveForm) => {
    const page = await render(request, active);
    return sendInvalid(request, reply, active.state.errors, () => page);
  };
  const missing = (request: FastifyRequest, reply: FastifyReply) =>
    sendProblem(request, reply, {
      status: 404,
      title: 'Not found',
      detail: 'This choice does not exist.',
      link: { href: '/admin/choices', text: 'Back to the choices' },
    });

  /**
   * A rename of a choice someone renamed since the form was shown: 409, and the form again with what
   * was typed, their name in the message, and the current name as the one now seen (so renaming
   * again replaces theirs on purpose).
   */
  const stale = async (
    request: FastifyRequest,
    reply: FastifyReply,
    kind: ChoiceKind,
    id: number,
    values: FormValues,
    current: Choice | undefined,
  ) => {
    const detail = `Someone else renamed this to “${current?.name ?? ''}” while you were editing. Your name was not saved; it is kept below: rename again to replace theirs.`;
    const page = await render(request, { kind, id, state: { values, errors: { name: detail } } });
    reply.code(409).header('cache-control', 'no-store');
    if (wantsPage(request)) return reply.type('text/html; charset=utf-8').send(page);
    return reply.send({ detail, fields: { name: detail } });
  };

  r.get(
    '/admin/choices',
    {
      config: { access: { self: 'read', support: null, delegate: null } },
      schema: { hide: true, querystring: z.object({ done: adminDoneSchema }) },
    },
    async (request, reply) => {
      const notice = request.query.done ? DONE[request.query.done] : undefined;
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(await render(request, undefined, notice));
    },
  );

  r.post(
    '/admin/choices/:kind',
    {
      config: { access: { self: 'write', support: null, delegate: null } },
      preHandler: adminCsrf,
      schema: { hide: true, params: kindParams },
    },
    async (request, reply) => {
      const { kind } = request.params;
      const input = read(request, kind);
      if (!input.ok)
        return refuse(request, reply, {
          kind,
          id: null,
          state: { values: input.values, errors: input.fields },
        });
      const created = await choices.create(kind, input.data);
      if (!created.ok)
        return refuse(request, reply, {
          kind,
          id: null,
          state: { values: input.values, errors: REFUSED.taken },
        });
      await app.auditChange(request, {
        action: `admin.${kind}.create`,
        kind,
        objectId: created.value.id,
        before: null,
        after: input.data,
      });
      return sendDone(request, reply, '/admin/choices?done=created', created.value, 201);
    },
  );

  const rename = async (
    request: FastifyRequest,
    reply: FastifyReply,
    kind: ChoiceKind,
    id: number,
  ) => {
    const input = readRename(request, kind);
    if (!input.ok)
      return refuse(request, reply, {
        kind,
        id,
        state: { values: input.values, errors: input.fields },
      });
    const { value: fresh, seen } = input.data;
    const before = await choices.find(kind, id);
    const saved = await choices.rename(kind, id, fresh, seen);
    if (!saved.ok) {
      if (saved.reason === 'missing') return missing(request, reply);
      if (saved.reason === 'stale') return stale(request, reply, kind, id, input.values, before);
      return refuse(request, reply, {
        kind,
        id,
        state: { values: input.values, errors: REFUSED.taken },
      });
    }
    await app.auditChange(request, {
      action: `admin.${kind}.update`,
      kind,
      objectId: id,
      before: { name: before?.name, slug: before?.slug },
      after: fresh,
    });
    return sendDone(request, reply, '/admin/choices?done=saved', saved.value);
  };
  const item = {
    config: { access: SELF_WRITES },
    preHandler: adminCsrf,
    schema: { hide: true, params: itemParams },
  };
  r.post('/admin/choices/:kind/:id', item, (request, reply) =>
    rename(request, reply, request.params.kind, request.params.id),
  );
  r.put('/admin/choices/:kind/:id', item, (request, reply) =>
    rename(request, reply, request.params.kind, request.params.id),
  );

  r.get(
    '/admin/choices/:kind/:id/delete',
    {
      config: { access: { self: 'read', support: null, delegate: null } },
      schema: { hide: true, params: itemParams },
    },
    async (request, reply) => {
      const choice = await choices.find(request.params.kind, request.params.id);
      if (!choice) return missing(request, reply);
      const { kind } = request.params;
      const body = ChoiceDeleteConfirm({ kind, choice, csrf: csrfOf(request) });
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          adminPage(request, productName, {
            title: 'Delete this choice?',
            section: 'choices',
            body,
          }),
        );
    },
  );

  const remove = async (
    request: FastifyRequest,
    reply: FastifyReply,
    kind: ChoiceKind,
    id: number,
  ) => {
    const removed = await choices.remove(kind, id);
    if (!removed.ok) {
      if (removed.reason === 'missing') return missing(request, reply);
      const page = await render(request, {
        kind,
        id,
        state: { values: {}, errors: REFUSED['in-use'] },
      });
      reply.code(409).header('cache-control', 'no-store');
      if (wantsPage(request)) return reply.type('text/html; charset=utf-8').send(page);
      return reply.send({ detail: REFUSED['in-use'].name });
    }
    await app.auditChange(request, {
      action: `admin.${kind}.delete`,
      kind,
      objectId: id,
      before: { name: removed.value.name, slug: removed.value.slug },
      after: null,
    });
    return sendDone(request, reply, '/admin/choices?done=deleted', null, 204);
  };
  r.post('/admin/choices/:kind/:id/delete', item, (request, reply) =>
    remove(request, reply, request.params.kind, request.params.id),
  );
  r.delete('/admin/choices/:kind/:id', item, (request, reply) =>
    remove(request, reply, request.params.kind, request.params.id),
  );
}
