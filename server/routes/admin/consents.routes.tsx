import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accountOf } from '../../auth/acting.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ReactNode } from 'react';
import { z } from 'zod';
import {
  ADMIN_LIST_PAGE_SIZE,
  adminCursorSchema,
  adminIdParamsSchema,
} from '../../../contract/admin/admin.schema.js';
import { mayManageConsents } from '../../auth/rights.js';
import { adminCsrf, csrfOf } from '../../admin/guard.js';
import { adminPage } from '../../admin/layout.js';
import { withPageLinks } from '../../admin/pager.js';
import { pageOf } from '../../db/repositories/keyset.js';
import { toConsentRecord } from '../../delegates/consent.js';
import { revoke } from '../../delegates/grants.js';
import { toDelegation } from '../../delegates/rules.js';
import { sendProblem } from '../../html/page.js';
import { delegateDeps } from '../../delegates/grants.js';
import { ConsentDetail, ConsentList } from './consents-view.js';

const listQuerySchema = z.object({
  before: adminCursorSchema('Not a place in family access: open the newest grants.'),
});

/**
 * `/admin/consents` (issue 73): staff with the `ferpa` right (or a superuser) see every grant
 * students made, each with its consent records, and revoke any; in the admin's staff scope, the right
 * checked here, the revocation audited.
 */
export default async function consentsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = delegateDeps(app);
  const { timeZone, productName } = app.config.campus;
  const html = (reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
  const page = (request: FastifyRequest, title: string, body: ReactNode, notice?: string) =>
    adminPage(request, productName, { title, section: 'consents', body, notice });
  const allowed = async (request: FastifyRequest) =>
    mayManageConsents(
      accountOf(request.actor),
      await app.repositories.grants.rightsOf(accountOf(request.actor).username),
    );
  const refuse = (request: FastifyRequest, reply: FastifyReply) =>
    sendProblem(request, reply, {
      status: 403,
      title: 'Family access needs the FERPA right',
      detail: 'A superuser grants the FERPA right at Who may do what.',
      link: { href: '/admin', text: 'Back to the admin' },
    });
  const missing = (request: FastifyRequest, reply: FastifyReply) =>
    sendProblem(request, reply, {
      status: 404,
      title: 'No such grant',
      detail: 'No student made a grant with this number.',
      link: { href: '/admin/consents', text: 'Back to family access' },
    });

  r.get(
    '/admin/consents',
    {
      config: { access: { self: 'read', support: null, delegate: null } },
      schema: { hide: true, querystring: listQuerySchema },
    },
    async (request, reply) => {
      if (!(await allowed(request))) return refuse(request, reply);
      const now = app.clock();
      const { before } = request.query;
      const read = await app.repositories.delegations.all(ADMIN_LIST_PAGE_SIZE + 1, before);
      const { items, next } = pageOf(read, ADMIN_LIST_PAGE_SIZE);
      const rows = await Promise.all(
        items.map(async (g) => {
          const student = await app.repositories.users.findById(g.student_id);
          return { grant: toDelegation(g, [], now), student: student?.username ?? '' };
        }),
      );
      const body = withPageLinks(ConsentList({ rows, timeZone }), {
        list: '/admin/consents',
        filters: {},
        cursor: 'before',
        at: before,
        next,
        words: { first: 'Newest grants', next: 'Older grants', label: 'Grant pages' },
      });
      return html(reply).send(page(request, 'Family access', body));
    },
  );

  r.get(
    '/admin/consents/:id',
    {
      config: { access: { self: 'read', support: null, delegate: null } },
      schema: { hide: true, params: adminIdParamsSchema },
    },
    async (request, reply) => {
      if (!(await allowed(request))) return refuse(request, reply);
      const grant = await app.repositories.delegations.find(request.params.id);
      if (!grant) return missing(request, reply);
      const records = (await app.repositories.delegations.consents(grant.id)).map(toConsentRecord);
      const body = ConsentDetail({
        grant: toDelegation(grant, [], app.clock()),
        records,
        csrf: csrfOf(request),
        timeZone,
      });
      return html(reply).send(page(request, `Grant ${grant.id}`, body));
    },
  );

  r.post(
    '/admin/consents/:id/revoke',
    {
      config: { access: { self: 'write', support: null, delegate: null } },
      preHandler: adminCsrf,
      schema: { hide: true, params: adminIdParamsSchema },
    },
    async (request, reply) => {
      if (!(await allowed(request))) return refuse(request, reply);
      const grant = await app.repositories.delegations.find(request.params.id);
      if (!grant) return missing(request, reply);
      const by = accountOf(request.actor).username;
      if (await revoke(deps, grant, by, app.clock())) {
        await app.auditChange(request, {
          action: 'admin.delegation.revoke',
          kind: 'delegation',
          objectId: grant.id,
          before: { state: 'active' },
          after: { state: 'revoked', by },
        });
      }
      return reply.redirect(`/admin/consents/${grant.id}`, 303);
    },
  );
}
