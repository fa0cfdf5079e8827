import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../contract/error.schema.js';
import { termQuerySchema } from '../../../contract/sis/common.schema.js';
import {
  integrationAnswerSchemas,
  integrations,
  termIntegrations,
} from '../../../contract/sis/integrations.schema.js';
import type { Integration, TermIntegration } from '../../../contract/sis/integrations.schema.js';
import { TERM_OUT_OF_WINDOW, isTermInWindow } from '../../sis/terms.js';
import { sisFailed } from './sis-reply.js';
import { withPlaces } from '../../sis/places.js';

const isTermIntegration = (read: Integration): read is TermIntegration =>
  termIntegrations.some((t) => t === read);

/**
 * `GET /api/integrations/finti/<read>` for every read of portal.md §7: the signed-in user's own record,
 * `?term=YYYY0Q` on courses, schedule and grades.
 */
export default async function integrationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const read of integrations) {
    // Known when the route is made: its handler does not look it up again per request.
    const byTerm = isTermIntegration(read);
    r.get(
      `/api/integrations/finti/${read}`,
      {
        schema: {
          summary: `Student information: ${read}`,
          security: [{ token: [] }],
          ...(byTerm ? { querystring: termQuerySchema } : {}),
          response: {
            200: integrationAnswerSchemas[read],
            400: errorSchema,
            401: errorSchema,
            500: errorSchema,
          },
        },
      },
      async (request, reply) => {
        const term = byTerm ? termQuerySchema.parse(request.query).term : undefined;
        if (term !== undefined && !isTermInWindow(term, app.clock())) {
          return reply.code(400).send(TERM_OUT_OF_WINDOW);
        }
        try {
          // A class's building with its place on the campus's map (issue 89).
          if (read === 'schedule') {
            const meetings = await request.adapters.sis.read('schedule', reply, term);
            return reply.send(withPlaces(meetings, app.config.campus.buildings));
          }
          return reply.send(await request.adapters.sis.read(read, reply, term));
        } catch (err) {
          return sisFailed(request, reply, read, err);
        }
      },
    );
  }
}
