import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cacheClearedSchema } from '../../../contract/cache.schema.js';
import { errorSchema } from '../../../contract/error.schema.js';
import { userPrefix } from '../../cache/keys.js';

/** `POST /api/cache/clear`: the portal's `?refresh` drops every cached answer of the signed-in user. */
export default async function cacheRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/cache/clear',
    {
      config: { access: { self: 'write', support: null, delegate: null } },
      schema: {
        summary: "Clear all of the user's cached answers",
        security: [{ token: [] }],
        response: { 200: cacheClearedSchema, 401: errorSchema },
      },
    },
    async (request) => ({ cleared: await app.cache.clear(userPrefix(request.subject.id)) }),
  );
}
