import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_LIST_PAGE_SIZE,
  adminCursorSchema,
  adminIdParamsSchema,
} from '../../../contract/admin/admin.schema.js';
import { adminPage } from '../../admin/layout.js';
import { withPageLinks } from '../../admin/pager.js';
import { pageOf } from '../../db/repositories/keyset.js';
import { sendProblem } from '../../html/page.js';
import { OutboxList, OutboxMessage } from './outbox-view.js';

const listQuerySchema = z.object({
  before: adminCursorSchema('Not a place in the outbox: open the newest email.'),
});
/** An email's own HTML: no script, no outside request, no form, in a sandbox of its own. */
const EMAIL_CSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/**
 * `/admin/outbox`: the email kept in the database when no SMTP server is configured; registered in
 * the admin's staff scope (admin.routes.ts), whose guard runs first.
 */
export default async function outboxRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { timeZone, productName } = app.config.campus;
  const html = (reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
  const missing = (request: FastifyRequest, reply: FastifyReply) =>
    sendProblem(request, reply, {
      status: 404,
      title: 'No such email',
      detail: 'The outbox holds no email with this number.',
      link: { href: '/admin/outbox', text: 'Back to the outbox' },
    });

  r.get(
    '/admin/outbox',
    {
      config: { access: { self: 'read', support: null, delegate: null } },
      schema: { hide: true, querystring: listQuerySchema },
    },
    async (request, reply) => {
      const { outbox } = app.notify;
      const { before } = request.query;
      const { items, next } = pageOf(
        await outbox.list(ADMIN_LIST_PAGE_SIZE + 1, before),
        ADMIN_LIST_PAGE_SIZE,
      );
      const list = OutboxList({ entries: items, total: await outbox.count(), timeZone });
      const body = withPageLinks(list, {
        list: '/admin/outbox',
        filters: {},
        cursor: 'before',
        at: before,
        next,
        words: { first: 'Newest email', next: 'Older email', label: 'Outbox pages' },
      });
      return html(reply).send(
        adminPage(request, productName, { title: 'Outbox', section: 'outbox', body }),
      );
    },
  );

  r.get(
    '/admin/outbox/:id',
    {
      config: { access: { self: 'read', support: null, delegate: null } },
      schema: { hide: true, params: adminIdParamsSchema },
    },
    async (request, reply) => {
      const entry = await app.notify.outbox.find(request.params.id);
      if (!entry) return missing(request, reply);
      const body = OutboxMessage({ entry, timeZone });
      return html(reply).send(
        adminPage(request, productName, { title: entry.subject, section: 'outbox', body }),
      );
    },
  );

  r.get(
    '/admin/outbox/:id/html',
    {
      config: { access: { self: 'read', support: null, delegate: null } },
      schema: { hide: true, params: adminIdParamsSchema },
    },
    async (request, reply) => {
      const entry = await app.notify.outbox.find(request.params.id);
      if (!entry) return missing(request, reply);
      return html(reply).header('content-security-policy', EMAIL_CSP).send(entry.html);
    },
  );
}
