import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SELF_WRITES } from '../../auth/access.js';
import type { ReactNode } from 'react';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_LIST_PAGE_SIZE,
  adminCursorSchema,
  adminDoneSchema,
  adminIdParamsSchema,
} from '../../../contract/admin/admin.schema.js';
import { storedTranslations } from '../../../contract/translations.schema.js';
import { adminMessageInputSchema } from '../../../contract/admin/messages.schema.js';
import type { AdminMessageInput } from '../../../contract/admin/messages.schema.js';
import type { FieldErrors, FormValues } from '../../admin/forms.js';
import { readInput, sendDone, sendInvalid } from '../../admin/forms.js';
import { adminCsrf, csrfOf } from '../../admin/guard.js';
import { adminPage } from '../../admin/layout.js';
import { pageOf } from '../../db/repositories/keyset.js';
import type { Audience } from '../../db/repositories/messages.repository.js';
import { sendProblem } from '../../html/page.js';
import { MESSAGE_FORM, MessageForm, MessageList, RetractConfirm } from './messages-view.js';

const listQuerySchema = z.object({
  done: adminDoneSchema,
  before: adminCursorSchema('Not a place in the messages: open the newest messages.'),
});

const DONE = { created: 'Message sent.', saved: 'Saved.', deleted: 'Message retracted.' };

function audienceOf(m: AdminMessageInput): Audience {
  if (m.audience === 'person') return { audience: 'person', username: m.username ?? '' };
  if (m.audience === 'role' && m.role) return { audience: 'role', role: m.role };
  return { audience: 'everyone' };
}

/** Messages to one person, a role or everyone (portal.md §3): write, see who read, retract. */
export default async function messagesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const sent = app.repositories.adminMessages;
  const { timeZone, productName } = app.config.campus;
  const page = (request: FastifyRequest, title: string, body: ReactNode, notice?: string) =>
    adminPage(request, productName, { title, section: 'messages', body, notice });
  const html = (reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
  const missing = (request: FastifyRequest, reply: FastifyReply) =>
    sendProblem(request, reply, {
      status: 404,
      title: 'No such message',
      detail: 'This message does not exist (it may have been retracted).',
      link: { href: '/admin/messages', text: 'Back to the messages' },
    });

  r.get(
    '/admin/messages',
    {
      config: { access: { self: 'read', support: null, delegate: null } },
      schema: { hide: true, querystring: listQuerySchema },
    },
    async (request, reply) => {
      const { before } = request.query;
      const { items, next } = pageOf(
        await sent.list(ADMIN_LIST_PAGE_SIZE + 1, before),
        ADMIN_LIST_PAGE_SIZE,
      );
      const words = { first: 'Newest messages', next: 'Older messages', label: 'Message pages' };
      const pager = {
        list: '/admin/messages',
        filters: {},
        cursor: 'before',
        at: before,
        next,
        words,
      } as const;
      const body = MessageList({ messages: items, pager, timeZone, now: app.clock() });
      const notice = request.query.done ? DONE[request.query.done] : undefined;
      return html(reply).send(page(request, 'Messages', body, notice));
    },
  );

  const NEW: FormValues = { audience: 'everyone' };
  r.get(
    '/admin/messages/new',
    { config: { access: { self: 'read', support: null, delegate: null } }, schema: { hide: true } },
    async (request, reply) =>
      html(reply).send(
        page(
          request,
          'Write a message',
          MessageForm({ state: { values: NEW, errors: {} }, csrf: csrfOf(request), timeZone }),
        ),
      ),
  );

  r.post(
    '/admin/messages',
    {
      config: { access: { self: 'write', support: null, delegate: null } },
      preHandler: adminCsrf,
      schema: { hide: true },
    },
    async (request, reply) => {
      const input = readInput(request, MESSAGE_FORM, adminMessageInputSchema, timeZone);
      const now = app.clock();
      const fields: FieldErrors = input.ok ? {} : input.fields;
      if (input.ok && input.data.expires_on && new Date(input.data.expires_on) <= now)
        fields.expires_on = 'The expiry has passed: choose a later time, or none.';
      if (!input.ok || Object.keys(fields).length > 0) {
        const body = MessageForm({
          state: { values: input.values, errors: fields },
          csrf: csrfOf(request),
          timeZone,
        });
        return sendInvalid(request, reply, fields, () => page(request, 'Write a message', body));
      }
      const m = input.data;
      const id = await app.repositories.messages.create({
        ...audienceOf(m),
        title: m.title,
        body: m.body,
        translations: storedTranslations(m),
        action_link: m.action_link,
        display_as_banner: m.display_as_banner,
        expires_on: m.expires_on ? new Date(m.expires_on) : null,
        created_on: now,
      });
      const audience = audienceOf(m);
      if (m.also_notify && audience.audience !== 'demo') await app.notify.announce(id, audience);
      await app.auditChange(request, {
        action: 'admin.message.send',
        kind: 'message',
        objectId: id,
        before: null,
        after: m,
      });
      return sendDone(request, reply, '/admin/messages?done=created', { id, version: 1 }, 201);
    },
  );

  r.get(
    '/admin/messages/:id/retract',
    {
      config: { access: { self: 'read', support: null, delegate: null } },
      schema: { hide: true, params: adminIdParamsSchema },
    },
    async (request, reply) => {
      const message = await sent.find(request.params.id);
      if (!message) return missing(request, reply);
      return html(reply).send(
        page(request, 'Retract this message?', RetractConfirm({ message, csrf: csrfOf(request) })),
      );
    },
  );

  const retract = async (request: FastifyRequest, reply: FastifyReply, id: number) => {
    const message = await sent.find(id);
    if (!message || !(await sent.remove(id))) return missing(request, reply);
    const { reads, ...before } = message;
    await app.auditChange(request, {
      action: 'admin.message.retract',
      kind: 'message',
      objectId: id,
      before: { ...before, read_by: reads },
      after: null,
    });
    return sendDone(request, reply, '/admin/messages?done=deleted', null, 204);
  };
  const byId = {
    config: { access: SELF_WRITES },
    preHandler: adminCsrf,
    schema: { hide: true, params: adminIdParamsSchema },
  };
  r.post('/admin/messages/:id/retract', byId, (request, reply) =>
    retract(request, reply, request.params.id),
  );
  r.delete('/admin/messages/:id', byId, (request, reply) =>
    retract(request, reply, request.params.id),
  );
}
