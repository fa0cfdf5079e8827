import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { siteSchema } from '../../../contract/campus.schema.js';

/** `GET /api/campus` (public): what the university configured, and the build shown to staff. */
export default async function campusRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/campus',
      { schema: { summary: 'Campus configuration and build', response: { 200: siteSchema } } },
      async (_request, reply) =>
        reply
          .header('cache-control', 'no-cache')
          .send({ campus: app.config.campus, build: app.config.buildHash }),
    );
}
