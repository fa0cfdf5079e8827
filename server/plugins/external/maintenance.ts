import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from './errors.js';

export const MAINTENANCE_DETAIL = 'The portal is undergoing maintenance. Please check back soon.';

/**
 * `MAINTENANCE=1`: every API call answers 503, which the browser shows as its maintenance screen
 * (portal.md §4 error state 3). Health checks and the sign-in pages keep working, so operators and
 * load balancers still see a live server.
 */
export default fp(
  async function maintenance(app: FastifyInstance) {
    if (!app.config.maintenance) return;
    app.addHook(
      'onRequest',
      async function answerMaintenance(request: FastifyRequest, reply: FastifyReply) {
        if (!isApiPath(request.url)) return;
        await reply
          .code(503)
          .header('retry-after', '300')
          .header('cache-control', 'no-store')
          .send({ detail: MAINTENANCE_DETAIL });
      },
    );
  },
  // After the security headers and the metrics: a maintenance answer carries and counts like any.
  { name: 'maintenance', dependencies: ['security', 'metrics', 'host-header'] },
);
