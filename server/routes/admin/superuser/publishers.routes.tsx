import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminIdParamsSchema } from '../../../../contract/admin/admin.schema.js';
import type { FormState } from '../../../admin/fields.js';
import { listOf, readInput, sendDone, sendInvalid } from '../../../admin/forms.js';
import { adminCsrf, csrfOf } from '../../../admin/guard.js';
import { adminPage } from '../../../admin/layout.js';
import { sendProblem } from '../../../html/page.js';
import { createPublisher, issueKey, PublisherChangeError } from '../../../inbound/manage.js';
import { retract } from '../../../inbound/completions.js';
import { publisherInputSchema, toPublisher } from '../../../inbound/publisher.js';
import { doneNotice, publisherFieldErrors } from './publisher-outcome.js';
import { PublisherBody, PublishersBody } from './publishers-view.js';

const FORM = { name: 'text', label: 'text', maxRecipients: 'int' } as const;
const EDIT_FORM = { label: 'text', maxRecipients: 'int' } as const;
const publisherChangeSchema = publisherInputSchema.omit({ name: true });
const NEW: FormState = { values: { maxRecipients: '1000' }, errors: {} };
const doneQuery = z.object({
  done: z.enum(['created', 'saved', 'revoked', 'withdrawn']).optional().catch(undefined),
});
const keyParams = z.object({ id: z.coerce.number().int().positive(), keyId: z.string().max(40) });
const itemParams = z.object({
  id: z.coerce.number().int().positive(),
  itemId: z.coerce.number().int().positive(),
});

/**
 * Publishers of the inbound API (issue 60), superusers only: who may publish, what and to whom, their
 * keys (a new one shown once, two live at most, revoked at once), the audit of their calls and their
 * items, which staff can withdraw.
 */
export default async function publishersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repos = app.repositories;
  const { timeZone, productName } = app.config.campus;
  const html = (reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');

  /** The form's lists: scopes and roles ticked, groups typed separated by commas. */
  const lists = (values: FormState['values']) => ({
    scopes: listOf(values.scopes),
    roles: listOf(values.roles),
    groups: listOf(values.groups)
      .flatMap((g) => g.split(','))
      .map((g) => g.trim())
      .filter((g) => g !== ''),
  });

  const listPage = async (request: FastifyRequest, state: FormState) => {
    const publishers = await Promise.all(
      (await repos.inboundPublishers.list()).map(async (row) => {
        const keys = await repos.inboundPublishers.keys(row.id);
        const used = keys.map((k) => k.last_used_at).filter((t): t is string => t !== null);
        return {
          ...toPublisher(row),
          liveKeys: keys.filter((k) => !k.revoked_at).length,
          lastUsed: used.sort().at(-1) ?? null,
        };
      }),
    );
    return adminPage(request, productName, {
      title: 'Publishers',
      section: 'publishers',
      body: (
        <PublishersBody
          publishers={publishers}
          state={state}
          csrf={csrfOf(request)}
          timeZone={timeZone}
        />
      ),
    });
  };

  const publisherPage = async (
    request: FastifyRequest,
    id: number,
    extra: { newKey?: string; problem?: string; edit?: FormState; done?: string } = {},
  ) => {
    const row = await repos.inboundPublishers.byId(id);
    if (!row) return undefined;
    const publisher = toPublisher(row);
    const edit: FormState = extra.edit ?? {
      values: {
        label: publisher.label,
        scopes: publisher.scopes,
        roles: publisher.roles,
        groups: publisher.groups.join(', '),
        maxRecipients: String(publisher.maxRecipients),
      },
      errors: {},
    };
    return adminPage(request, productName, {
      title: publisher.label,
      section: 'publishers',
      body: (
        <PublisherBody
          publisher={publisher}
          keys={await repos.inboundPublishers.keys(id)}
          audit={await repos.inboundPublishers.auditOf(id, 50)}
          items={await repos.inboundItems.ofPublisher(id)}
          csrf={csrfOf(request)}
          timeZone={timeZone}
          newKey={extra.newKey}
          problem={extra.problem}
          done={doneNotice(extra.done, publisher.label)}
          edit={edit}
        />
      ),
    });
  };

  const missing = (request: FastifyRequest, reply: FastifyReply) =>
    sendProblem(request, reply, {
      status: 404,
      title: 'No such publisher',
      detail: 'This publisher does not exist.',
      link: { href: '/admin/publishers', text: 'Back to the publishers' },
    });

  r.get(
    '/admin/publishers',
    { config: { access: { self: 'read', support: null, delegate: null } }, schema: { hide: true } },
    async (request, reply) => html(reply).send(await listPage(request, NEW)),
  );

  r.post(
    '/admin/publishers',
    {
      config: { access: { self: 'write', support: null, delegate: null } },
      preHandler: adminCsrf,
      schema: { hide: true },
    },
    async (request, reply) => {
      const read = readInput(request, FORM, publisherInputSchema, timeZone, lists);
      const invalid = async (fields: Record<string, string>) => {
        const page = await listPage(request, { values: read.values, errors: fields });
        return sendInvalid(request, reply, fields, () => page);
      };
      if (!read.ok) return invalid(publisherFieldErrors(read.fields));
      try {
        const id = await createPublisher(repos, read.data, app.clock());
        await app.auditChange(request, {
          action: 'admin.publisher.create',
          kind: 'publisher',
          objectId: id,
          before: null,
          after: read.data,
        });
        return sendDone(request, reply, `/admin/publishers/${id}?done=created`, { id }, 201);
      } catch (error) {
        if (error instanceof PublisherChangeError) return invalid({ name: error.message });
        throw error;
      }
    },
  );

  r.get(
    '/admin/publishers/:id',
    {
      config: { access: { self: 'read', support: null, delegate: null } },
      schema: { hide: true, params: adminIdParamsSchema, querystring: doneQuery },
    },
    async (request, reply) => {
      const { done } = request.query;
      const page = await publisherPage(request, request.params.id, done ? { done } : {});
      return page ? html(reply).send(page) : missing(request, reply);
    },
  );

  r.post(
    '/admin/publishers/:id',
    {
      config: { access: { self: 'write', support: null, delegate: null } },
      preHandler: adminCsrf,
      schema: { hide: true, params: adminIdParamsSchema },
    },
    async (request, reply) => {
      const { id } = request.params;
      const row = await repos.inboundPublishers.byId(id);
      if (!row) return missing(request, reply);
      const read = readInput(request, EDIT_FORM, publisherChangeSchema, timeZone, lists);
      if (!read.ok) {
        const fields = publisherFieldErrors(read.fields);
        const page =
          (await publisherPage(request, id, { edit: { values: read.values, errors: fields } })) ??
          '';
        return sendInvalid(request, reply, fields, () => page);
      }
      const before = toPublisher(row);
      await repos.inboundPublishers.update(id, read.data);
      await app.auditChange(request, {
        action: 'admin.publisher.update',
        kind: 'publisher',
        objectId: id,
        before: {
          label: before.label,
          scopes: before.scopes,
          roles: before.roles,
          groups: before.groups,
          maxRecipients: before.maxRecipients,
        },
        after: read.data,
      });
      return sendDone(request, reply, `/admin/publishers/${id}?done=saved`, { id }, 200);
    },
  );

  r.post(
    '/admin/publishers/:id/keys',
    {
      config: { access: { self: 'write', support: null, delegate: null } },
      preHandler: adminCsrf,
      schema: { hide: true, params: adminIdParamsSchema },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await repos.inboundPublishers.byId(id))) return missing(request, reply);
      try {
        const key = await issueKey(repos, id, app.clock());
        await app.auditChange(request, {
          action: 'admin.publisher.key',
          kind: 'publisher',
          objectId: id,
          before: null,
          after: { key_id: key.id },
        });
        // Shown this once, on the answer itself: never put in an address or kept.
        const page = await publisherPage(request, id, { newKey: key.key });
        return html(reply).code(201).send(page);
      } catch (error) {
        if (!(error instanceof PublisherChangeError)) throw error;
        const page = await publisherPage(request, id, { problem: error.message });
        return html(reply).code(409).send(page);
      }
    },
  );

  r.post(
    '/admin/publishers/:id/keys/:keyId/revoke',
    {
      config: { access: { self: 'write', support: null, delegate: null } },
      preHandler: adminCsrf,
      schema: { hide: true, params: keyParams },
    },
    async (request, reply) => {
      const { id, keyId } = request.params;
      const key = await repos.inboundPublishers.key(keyId);
      if (!key || key.publisher_id !== id) return missing(request, reply);
      await repos.inboundPublishers.revokeKey(keyId, app.clock());
      await app.auditChange(request, {
        action: 'admin.publisher.revoke',
        kind: 'publisher',
        objectId: id,
        before: { key_id: keyId },
        after: null,
      });
      return sendDone(request, reply, `/admin/publishers/${id}?done=revoked`, null, 204);
    },
  );

  r.post(
    '/admin/publishers/:id/items/:itemId/withdraw',
    {
      config: { access: { self: 'write', support: null, delegate: null } },
      preHandler: adminCsrf,
      schema: { hide: true, params: itemParams },
    },
    async (request, reply) => {
      const { id, itemId } = request.params;
      const item = await repos.inboundItems.byId(itemId);
      if (!item || item.publisher_id !== id) return missing(request, reply);
      await retract(repos, item.id, app.clock());
      await app.auditChange(request, {
        action: 'admin.publisher.withdraw',
        kind: 'inbound-item',
        objectId: item.id,
        before: { source_id: item.source_id, kind: item.kind, title: item.title },
        after: null,
      });
      return sendDone(request, reply, `/admin/publishers/${id}?done=withdrawn`, null, 204);
    },
  );
}
