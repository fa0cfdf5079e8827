import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardBlocksSchema } from '../../../contract/dashboard.schema.js';
import { mandatoryBlocks } from '../../../contract/dashboard.rules.js';
import { errorSchema } from '../../../contract/error.schema.js';

/** `GET /api/dashboard/blocks`: the blocks no one may hide (issue #30), for Customise. */
export default async function dashboardRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/dashboard/blocks',
    {
      config: { access: { self: 'read', support: 'read', delegate: null } },
      schema: {
        summary: 'The dashboard blocks no one may hide',
        security: [{ token: [] }],
        response: { 200: dashboardBlocksSchema, 401: errorSchema },
      },
    },
    async (_request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send({ mandatory: mandatoryBlocks(await app.repositories.dashboard.mandatory()) }),
  );
}
