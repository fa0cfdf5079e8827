import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientErrorSchema } from '../../../contract/client-error.schema.js';

/** Reports per address and minute: a page in an error loop must not flood the log. */
const PER_MINUTE = 20;

/**
 * `POST /api/client-errors`: the browser apps report what broke (uncaught errors, failed renders).
 * Open before sign-in too (a page can break before it knows its user), hence a tight limit and a small
 * body. Logged with the request id and, when signed in, the username; counted in the metrics.
 */
export default async function clientErrorsRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/client-errors',
    {
      bodyLimit: 16 * 1024,
      config: { access: 'public', rateLimit: { max: PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        summary: 'Report an error of a browser app',
        body: clientErrorSchema,
        response: { 204: z.null().describe('Reported') },
      },
    },
    async (request, reply) => {
      const report = request.body;
      const auth = await app.sessions.fromCookie(request);
      request.log.warn(
        { clientError: report, user: auth?.user.username ?? null },
        'browser app error',
      );
      app.metrics.clientError(report.app);
      return reply.code(204).send(null);
    },
  );
}
