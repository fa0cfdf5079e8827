import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SELF_WRITES } from '../auth/access.js';
import type { ReactNode } from 'react';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminDoneSchema, adminIdParamsSchema } from '../../contract/admin/admin.schema.js';
import { sendProblem } from '../html/page.js';
import type { FormState } from './fields.js';
import { StaleNotice } from './fields.js';
import type { FieldErrors, FieldKind, FormValues } from './forms.js';
import { readInput, sendDone, sendInvalid, STALE_DETAIL, wantsPage } from './forms.js';
import { adminCsrf } from './guard.js';
import type { AdminSection } from './layout.js';
import { adminPage } from './layout.js';
import type { VersionedDelete, VersionedRemoval } from './versioned-delete.js';
import { registerVersionedDelete } from './versioned-delete.js';

/** What a create, a versioned update or a versioned removal answers: the row, or why nothing changed. */
export type CrudSave<T> = VersionedRemoval<T>;

type Done = z.infer<typeof adminDoneSchema>;

/** A form as the contract reads it: which fields, how each is converted, and the schema. */
export interface CrudForm<D> {
  fields: Record<string, FieldKind>;
  schema: z.ZodType<D>;
}

export interface CrudKind<
  T extends { id: number } & Record<string, unknown>,
  Q extends { done?: Done },
  C,
  U extends { version: number },
> {
  /** The list's address, e.g. `/admin/posts`: the item is `${list}/:id`, the new form `${list}/new`. */
  list: string;
  /** The audit's kind and the middle of its action: `admin.${kind}.create`. */
  kind: string;
  section: AdminSection;
  /** The notice each `?done=` shows above the list or the form. */
  done: Record<NonNullable<Done>, string>;
  /** The 404 page when the item does not exist. */
  missing: { title: string; detail: string; back: string };
  titles: { list: string; create: string; edit: (item: T) => string };
  /** The list's querystring, `done` included. */
  query: z.ZodType<Q>;
  listBody: (request: FastifyRequest, query: Q) => Promise<ReactNode> | ReactNode;
  /** A new item's form values, and a stored item's. */
  blank: FormValues;
  values: (item: T) => FormValues;
  /** The form (and for an item, what stands below it); `problem` shows above the form. */
  form: (
    request: FastifyRequest,
    state: FormState,
    item?: T,
    problem?: ReactNode,
  ) => Promise<ReactNode> | ReactNode;
  /** Fields a form spreads over several controls, put together (as readInput's `extra`). */
  extra?: (values: FormValues) => Record<string, unknown>;
  find: (id: number) => Promise<T | undefined>;
  create: CrudForm<C> & { save: (data: C) => Promise<CrudSave<T>> };
  /** The update's fields carry `version`: the save is refused when it is no longer current. */
  update: CrudForm<U> & {
    save: (id: number, data: Omit<U, 'version'>, version: number) => Promise<CrudSave<T>>;
  };
  /** Refusals that name fields, by the save's reason, e.g. `slug` taken by another item. */
  refusals?: Record<string, FieldErrors>;
  /** The confirmation and the removal; no deletion when absent. */
  remove?: Pick<VersionedDelete<T>, 'title' | 'back' | 'confirm' | 'remove'>;
  /** Runs after every recorded change, e.g. forgetting cached pages. */
  changed?: () => Promise<void>;
}

/** What a kind's pages share: the frame, the form page, its 404 and its audit. */
export function crudPages<
  T extends { id: number } & Record<string, unknown>,
  Q extends { done?: Done },
  C,
  U extends { version: number },
>(app: FastifyInstance, kind: CrudKind<T, Q, C, U>) {
  const { productName } = app.config.campus;
  const html = (reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
  const page = (request: FastifyRequest, title: string, body: ReactNode, notice?: string) =>
    adminPage(request, productName, { title, section: kind.section, body, notice });
  const formPage = async (
    request: FastifyRequest,
    state: FormState,
    item?: T,
    notice?: string,
    problem?: ReactNode,
  ) =>
    page(
      request,
      item ? kind.titles.edit(item) : kind.titles.create,
      await kind.form(request, state, item, problem),
      notice,
    );
  const missing = (request: FastifyRequest, reply: FastifyReply) =>
    sendProblem(request, reply, {
      status: 404,
      title: kind.missing.title,
      detail: kind.missing.detail,
      link: { href: kind.list, text: kind.missing.back },
    });
  /** Records the change, then whatever else a change of this kind must do. */
  const audit = async (
    request: FastifyRequest,
    action: string,
    id: number,
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null,
  ) => {
    await app.auditChange(request, {
      action: `admin.${kind.kind}.${action}`,
      kind: kind.kind,
      objectId: id,
      before,
      after,
    });
    await kind.changed?.();
  };
  return { html, page, formPage, missing, audit };
}

/**
 * The staff admin's list, new, edit and delete pages for one kind, the same for every kind:
 * GET `list` (with its `?done=` notice), GET `list/new`, POST `list` creates, GET `list/:id`,
 * POST or PUT `list/:id` updates at the version read (409 with what was typed kept in the form),
 * and the versioned delete. Each change is audited; a form is redirected, a script gets JSON.
 * Returns the frame, the 404 and the audit for the kind's other routes.
 */
export function registerCrud<
  T extends { id: number } & Record<string, unknown>,
  Q extends { done?: Done },
  C,
  U extends { version: number },
>(app: FastifyInstance, kind: CrudKind<T, Q, C, U>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { list } = kind;
  const { timeZone } = app.config.campus;
  const pages = crudPages(app, kind);
  const { html, page, formPage, missing, audit } = pages;
  const notice = (done: Done) => (done ? kind.done[done] : undefined);

  r.get(
    list,
    {
      config: { access: { self: 'read', support: null, delegate: null } },
      schema: { hide: true, querystring: kind.query },
    },
    async (request, reply) => {
      // Already valid (the route's schema refused anything else); read again for its type.
      const query = kind.query.parse(request.query);
      const body = await kind.listBody(request, query);
      return html(reply).send(page(request, kind.titles.list, body, notice(query.done)));
    },
  );

  r.get(
    `${list}/new`,
    { config: { access: { self: 'read', support: null, delegate: null } }, schema: { hide: true } },
    async (request, reply) =>
      html(reply).send(await formPage(request, { values: kind.blank, errors: {} })),
  );

  /** A save refused for a reason that names fields (or a stale version): the form again. */
  const refused = async (
    request: FastifyRequest,
    reply: FastifyReply,
    reason: string,
    values: FormValues,
    item?: T,
  ) => {
    if (reason === 'missing') return missing(request, reply);
    const fields = kind.refusals?.[reason];
    if (fields) {
      const body = await formPage(request, { values, errors: fields }, item);
      return sendInvalid(request, reply, fields, () => body);
    }
    // Stale: what the person typed stays in the form, so nothing they wrote is lost.
    const problem = item
      ? StaleNotice({ detail: STALE_DETAIL, current: `${list}/${item.id}` })
      : null;
    const body = await formPage(request, { values, errors: {} }, item, undefined, problem);
    reply.code(409).header('cache-control', 'no-store');
    if (wantsPage(request)) return reply.type('text/html; charset=utf-8').send(body);
    return reply.send({ detail: STALE_DETAIL });
  };

  r.post(
    list,
    {
      config: { access: { self: 'write', support: null, delegate: null } },
      preHandler: adminCsrf,
      schema: { hide: true },
    },
    async (request, reply) => {
      const { fields, schema } = kind.create;
      const input = readInput(request, fields, schema, timeZone, kind.extra);
      if (!input.ok) {
        const body = await formPage(request, { values: input.values, errors: input.fields });
        return sendInvalid(request, reply, input.fields, () => body);
      }
      const saved = await kind.create.save(input.data);
      if (!saved.ok) return refused(request, reply, saved.reason, input.values);
      await audit(request, 'create', saved.item.id, null, saved.item);
      return sendDone(request, reply, `${list}/${saved.item.id}?done=created`, saved.item, 201);
    },
  );

  r.get(
    `${list}/:id`,
    {
      config: { access: { self: 'read', support: null, delegate: null } },
      schema: {
        hide: true,
        params: adminIdParamsSchema,
        querystring: z.object({ done: adminDoneSchema }),
      },
    },
    async (request, reply) => {
      const item = await kind.find(request.params.id);
      if (!item) return missing(request, reply);
      const state = { values: kind.values(item), errors: {} };
      return html(reply).send(await formPage(request, state, item, notice(request.query.done)));
    },
  );

  const update = async (request: FastifyRequest, reply: FastifyReply, id: number) => {
    const before = await kind.find(id);
    if (!before) return missing(request, reply);
    const { fields, schema } = kind.update;
    const input = readInput(request, fields, schema, timeZone, kind.extra);
    if (!input.ok) {
      const body = await formPage(request, { values: input.values, errors: input.fields }, before);
      return sendInvalid(request, reply, input.fields, () => body);
    }
    const { version, ...data } = input.data;
    const saved = await kind.update.save(id, data, version);
    if (!saved.ok) return refused(request, reply, saved.reason, input.values, before);
    await audit(request, 'update', id, before, saved.item);
    return sendDone(request, reply, `${list}/${id}?done=saved`, saved.item);
  };
  const byId = {
    config: { access: SELF_WRITES },
    preHandler: adminCsrf,
    schema: { hide: true, params: adminIdParamsSchema },
  };
  r.post(`${list}/:id`, byId, (request, reply) => update(request, reply, request.params.id));
  r.put(`${list}/:id`, byId, (request, reply) => update(request, reply, request.params.id));

  if (kind.remove)
    registerVersionedDelete(app, {
      ...kind.remove,
      list,
      page,
      missing,
      find: kind.find,
      audit: (request, id, item) => audit(request, 'delete', id, item, null),
    });

  return { ...pages, byId };
}
