import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../contract/error.schema.js';
import { idParamsSchema } from '../../../contract/next-steps/common.schema.js';
import {
  userMessagePatchSchema,
  userMessageSchema,
} from '../../../contract/next-steps/user.schema.js';
import { NOT_FOUND, PREFIX } from './auth.js';

/** next-steps.md §7: acknowledging the user message. */
export default async function nextStepsUserMessageRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().patch(
    `${PREFIX}/user_message/:id/`,
    {
      config: { access: { self: 'write', support: null, delegate: null } },
      schema: {
        summary: 'Next Steps: acknowledge a user message',
        params: idParamsSchema,
        body: userMessagePatchSchema,
        response: {
          200: userMessageSchema,
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = request.subject;
      const message = await app.repositories.nextStepsProfile.acknowledge(
        user.id,
        request.params.id,
        request.body.user_acknowledged_on,
      );
      return message ?? reply.code(404).send(NOT_FOUND);
    },
  );
}
