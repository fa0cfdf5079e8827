import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../../contract/error.schema.js';
import { nextStepsUserListSchema } from '../../../../contract/next-steps/user.schema.js';
import { hasNextStepsList } from '../../../next-steps/task-visibility.js';
import { cookieTokenOf } from '../../../plugins/session-tokens.js';
import { PREFIX } from '../auth.js';

/** next-steps.md §7: the user, by the session cookie (it hands out the token). */
export default async function nextStepsUserRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
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
          has_checklist: hasNextStepsList(user),
          user_message: await profile.unacknowledgedMessages(user.id),
          language: await app.repositories.preferences.languageOf(user.id),
        },
      ]);
    },
  );
}
