import type { FastifyInstance } from 'fastify';
import { addDays, format, fromZonedTime, parseISO } from '../../date-fns.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminAuditQuerySchema } from '../../../contract/admin/admin.schema.js';
import { adminPage } from '../../admin/layout.js';
import { sendProblem } from '../../html/page.js';
import { ActivityBody } from './activity-view.js';

const ENTRIES = 200;

/**
 * `/admin`: the staff admin's first page, the activity (portal.md §6 footer admin link), and the 404
 * of every address under `/admin` that is not a page. Server-rendered forms with no script; every
 * change of this folder's pages is audited.
 */
export default async function activityRoutes(app: FastifyInstance) {
  const { timeZone, productName } = app.config.campus;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/admin',
    { schema: { hide: true, querystring: adminAuditQuerySchema } },
    async (request, reply) => {
      const query = request.query;
      const startOf = (day: string) => fromZonedTime(`${day}T00:00:00`, timeZone);
      const entries = await app.repositories.audit.search({
        username: query.person || undefined,
        kind: query.kind || undefined,
        from: query.from ? startOf(query.from) : undefined,
        until: query.until
          ? startOf(format(addDays(parseISO(query.until), 1), 'yyyy-MM-dd'))
          : undefined,
        limit: ENTRIES,
      });
      const kinds = await app.repositories.audit.kinds();
      const body = ActivityBody({
        entries,
        kinds,
        query,
        timeZone,
        feedProblems: app.feedProblems.list(),
      });
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(adminPage(request, productName, { title: 'Activity', section: 'activity', body }));
    },
  );

  // Addresses under /admin that are not pages: 404 (after the guard), never the portal's app.
  app.all('/admin/*', { schema: { hide: true } }, async (request, reply) =>
    sendProblem(request, reply, {
      status: 404,
      title: 'Not found',
      detail: 'There is no such page in the admin.',
      link: { href: '/admin', text: 'Back to the admin' },
    }),
  );
}
