import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../contract/error.schema.js';
import { preferencesSchema } from '../../../contract/preferences.schema.js';

/** `GET /api/preferences/user`: the signed-in user's own preferences. */
export default async function preferencesRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/preferences/user',
    {
      preHandler: app.requireToken,
      schema: { summary: 'Preferences', response: { 200: preferencesSchema, 401: errorSchema } },
    },
    async (request) => {
      const auth = request.auth;
      if (!auth) throw new Error('requireToken let an unauthenticated request through');
      return app.repos.preferences.forUser(auth.user.id);
    },
  );
}
