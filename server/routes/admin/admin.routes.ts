import outboxRoutes from './outbox.routes.js';
import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { addDays, format, fromZonedTime, parseISO } from '../../date-fns.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminAuditQuerySchema } from '../../../contract/admin/admin.schema.js';
import { adminCss } from '../../admin/admin-css.js';
import { ADMIN_CSS_PATH, adminPage } from '../../admin/layout.js';
import { authenticated } from '../../plugins/authenticated.js';
import { sendProblem } from '../../html/page.js';
import { ActivityBody } from './activity-view.js';
import choicesRoutes from './choices.routes.js';
import dashboardBlocksRoutes from './dashboard.routes.js';
import grantsPageRoutes from './grants-page.routes.js';
import mediaRoutes from './media.routes.js';
import messagesRoutes from './messages.routes.js';
import pagesRoutes from './pages.routes.js';
import postsRoutes from './posts.routes.js';
import reachRoutes from './reach.routes.js';
import tasksRoutes from './tasks.routes.js';

const ENTRIES = 200;

/**
 * `/admin`: the staff admin (portal.md §6 footer admin link), server-rendered forms with no script.
 * Every page and change is for staff only (superusers for grants); every change is audited.
 */
export default async function adminRoutes(app: FastifyInstance) {
  await app.register(formbody);
  const { timeZone, productName } = app.config.campus;

  app.get(ADMIN_CSS_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(adminCss),
  );

  // Every page and change: staff, signed in by the session cookie (plugins/authenticated.ts);
  // the grants page: superusers.
  await app.register(
    authenticated({ by: 'admin', right: 'staff' }, async (staff) => {
      const r = staff.withTypeProvider<ZodTypeProvider>();
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
            .send(
              adminPage(request, productName, { title: 'Activity', section: 'activity', body }),
            );
        },
      );

      // Addresses under /admin that are not pages: 404 (after the guard), never the portal's app.
      staff.all('/admin/*', { schema: { hide: true } }, async (request, reply) =>
        sendProblem(request, reply, {
          status: 404,
          title: 'Not found',
          detail: 'There is no such page in the admin.',
          link: { href: '/admin', text: 'Back to the admin' },
        }),
      );

      await staff.register(tasksRoutes);
      await staff.register(choicesRoutes);
      await staff.register(messagesRoutes);
      await staff.register(postsRoutes);
      await staff.register(pagesRoutes);
      await staff.register(outboxRoutes);
      await staff.register(reachRoutes);
      await staff.register(dashboardBlocksRoutes);
    }),
  );
  await app.register(authenticated({ by: 'admin', right: 'superuser' }, grantsPageRoutes));
  // The posts' pictures are public, as the posts that show them are.
  await app.register(mediaRoutes);
}
