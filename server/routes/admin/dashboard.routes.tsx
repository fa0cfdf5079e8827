import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminDoneSchema } from '../../../contract/admin/admin.schema.js';
import { adminMandatoryBlocksSchema } from '../../../contract/dashboard.schema.js';
import { listOf, readInput, sendDone, sendInvalid } from '../../admin/forms.js';
import type { FormState } from '../../admin/fields.js';
import { adminCsrf, csrfOf } from '../../admin/guard.js';
import { adminPage } from '../../admin/layout.js';
import { DashboardBlocksBody } from './dashboard-view.js';

/**
 * `/admin/dashboard`: the dashboard blocks no one may hide (issue #30); registered in the admin's
 * staff scope (admin.routes.ts), whose guard runs first. Every change is audited.
 */
export default async function dashboardBlocksRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { productName, timeZone } = app.config.campus;
  const blocks = app.repositories.dashboard;
  const render = (request: FastifyRequest, state: FormState, notice?: string) =>
    adminPage(request, productName, {
      title: 'Dashboard blocks',
      section: 'dashboard',
      body: DashboardBlocksBody({ state, csrf: csrfOf(request) }),
      notice,
    });

  r.get(
    '/admin/dashboard',
    {
      config: { access: { self: 'read', support: null, delegate: null } },
      schema: { hide: true, querystring: z.object({ done: adminDoneSchema }) },
    },
    async (request, reply) => {
      const state = { values: { mandatory: await blocks.mandatory() }, errors: {} };
      const notice = request.query.done ? 'Saved.' : undefined;
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(render(request, state, notice));
    },
  );

  r.post(
    '/admin/dashboard',
    {
      config: { access: { self: 'write', support: null, delegate: null } },
      preHandler: adminCsrf,
      schema: { hide: true },
    },
    async (request, reply) => {
      const input = readInput(request, {}, adminMandatoryBlocksSchema, timeZone, (values) => ({
        mandatory: listOf(values.mandatory),
      }));
      if (!input.ok) {
        const state = { values: input.values, errors: input.fields };
        return sendInvalid(request, reply, input.fields, () => render(request, state));
      }
      const before = await blocks.mandatory();
      await blocks.setMandatory(input.data.mandatory);
      const after = await blocks.mandatory();
      await app.auditChange(request, {
        action: 'admin.dashboard.mandatory',
        kind: 'dashboard',
        objectId: 'mandatory',
        before: { mandatory: before },
        after: { mandatory: after },
      });
      return sendDone(request, reply, '/admin/dashboard?done=saved', { mandatory: after });
    },
  );
}
