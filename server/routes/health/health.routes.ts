import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../contract/error.schema.js';
import { liveSchema, statusSchema } from '../../../contract/status.schema.js';
import { ping } from '../../db/database.js';

/** Liveness, readiness, and the app status check of the portal's navigation guard. */
export default async function healthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/healthz', { schema: { hide: true, response: { 200: liveSchema } } }, async () => ({
    status: 'ok' as const,
  }));

  r.get(
    '/readyz',
    { schema: { hide: true, response: { 200: liveSchema, 503: errorSchema } } },
    async (request, reply) => {
      try {
        await ping(app.database);
        return { status: 'ok' as const };
      } catch (err) {
        request.log.error({ err }, 'database does not answer');
        return reply.code(503).send({ detail: 'Database unavailable' });
      }
    },
  );

  r.get(
    '/api/status',
    { schema: { response: { 200: statusSchema }, summary: 'App status check' } },
    async (_request, reply) =>
      reply.header('cache-control', 'no-store').send({
        status: 'ok' as const,
        integrations: app.integrationHealth.available ? 'available' : 'unavailable',
      }),
  );

  r.get(
    '/api',
    { schema: { hide: true, response: { 200: z.object({ detail: z.string() }) } } },
    async () => ({
      detail: 'Campus Portal API: see /api/openapi.json',
    }),
  );
}
