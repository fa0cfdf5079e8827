import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../contract/error.schema.js';
import {
  clearCacheAnswerSchema,
  clearCacheBodySchema,
} from '../../../contract/sis/clear-cache.schema.js';
import {
  dismissNudgeBodySchema,
  nudgeDismissedSchema,
  sisNudgeCodeSchema,
} from '../../../contract/sis/nudges.schema.js';
import { readPrefix } from '../../cache/keys.js';
import { clearableIntegrations } from '../../sis/endpoints.js';
import { collapsesTo } from '../../sis/sample-adapter.js';
import { sisFailed } from './sis-reply.js';

/** The two integration calls that change something: nudge dismissal and clearing one cached read. */
export default async function integrationActionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/integrations/finti/nudges',
    {
      config: { access: { self: 'write', support: null, delegate: null } },
      schema: {
        summary: 'Dismiss a nudge (DEPOSIT_INIT and DEPOSIT_CONFIRM are both DEPOSIT)',
        security: [{ token: [] }],
        body: dismissNudgeBodySchema,
        response: {
          200: nudgeDismissedSchema,
          400: errorSchema,
          401: errorSchema,
          500: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const code = sisNudgeCodeSchema.parse(collapsesTo(request.body.nudge_type));
      try {
        await request.adapters.sis.dismissNudge(code);
      } catch (err) {
        return sisFailed(request, reply, 'nudges', err);
      }
      return { nudge_type: code };
    },
  );

  r.post(
    '/api/integrations/finti/clear-cache',
    {
      config: { access: { self: 'write', support: null, delegate: null } },
      schema: {
        summary: "Clear one of the user's cached reads after it was edited elsewhere",
        security: [{ token: [] }],
        body: clearCacheBodySchema,
        response: { 200: clearCacheAnswerSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const { endpoint } = request.body;
      const read = clearableIntegrations[endpoint];
      const cleared = await app.cache.clear(readPrefix(request.subject.id, read));
      return { endpoint, cleared };
    },
  );
}
