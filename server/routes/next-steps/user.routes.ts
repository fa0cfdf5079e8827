import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticated } from '../../plugins/authenticated.js';
import { errorSchema } from '../../../contract/error.schema.js';
import { idParamsSchema } from '../../../contract/next-steps/common.schema.js';
import {
  nextStepsUserListSchema,
  userMessagePatchSchema,
  userMessageSchema,
} from '../../../contract/next-steps/user.schema.js';
import { hasStudentChecklist } from '../../next-steps/rules.js';
import { cookieTokenOf } from '../../plugins/session-tokens.js';
import { NOT_FOUND, PREFIX } from './auth.js';

/** next-steps.md §7: the user (session credentials) and acknowledging the user message. */
export default async function nextStepsUserRoutes(app: FastifyInstance) {
  // The user: signed in by the session cookie alone (it hands out the token).
  await app.register(
    authenticated({ by: 'cookie' }, async (scope) => {
      scope.withTypeProvider<ZodTypeProvider>().get(
        `${PREFIX}/user/`,
        {
          schema: {
            summary: 'Next Steps: the signed-in user, as a list (cookie-authenticated)',
            response: { 200: nextStepsUserListSchema, 401: errorSchema, 403: errorSchema },
          },
        },
        async (request, reply) => {
          const user = request.user;
          const token = cookieTokenOf(request);
          const profile = app.repositories.nextStepsProfile;
          return reply.header('cache-control', 'no-store').send([
            {
              id: user.id,
              username: user.username,
              first_name: user.first_name,
              auth_token: token,
              has_provisional_account: false,
              is_new_student: await profile.isNewStudent(user.id),
              has_checklist: hasStudentChecklist(user),
              user_message: await profile.unacknowledgedMessages(user.id),
            },
          ]);
        },
      );
    }),
  );

  // Acknowledging: signed in by token (plugins/authenticated.ts).
  await app.register(
    authenticated({ by: 'token' }, async (scope) => {
      scope.withTypeProvider<ZodTypeProvider>().patch(
        `${PREFIX}/user_message/:id/`,
        {
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
          const user = request.user;
          const message = await app.repositories.nextStepsProfile.acknowledge(
            user.id,
            request.params.id,
            request.body.user_acknowledged_on,
          );
          return message ?? reply.code(404).send(NOT_FOUND);
        },
      );
    }),
  );
}
