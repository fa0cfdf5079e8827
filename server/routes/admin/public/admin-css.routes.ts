import type { FastifyInstance } from 'fastify';
import { adminCss } from '../../../admin/admin-css.js';
import { ADMIN_CSS_PATH } from '../../../admin/layout.js';

/** The admin's stylesheet: public (it holds nothing of anyone), so it needs no session to load. */
export default async function adminCssRoutes(app: FastifyInstance) {
  app.get(
    ADMIN_CSS_PATH,
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) =>
      reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(adminCss),
  );
}
