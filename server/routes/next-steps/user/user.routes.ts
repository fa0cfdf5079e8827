import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../../contract/error.schema.js';
import { nextStepsUserListSchema } from '../../../../contract/next-steps/user.schema.js';
import { rememberLanguage } from '../../../html/language-cookie.js';
import { nextStepsUserOf } from '../../../next-steps/user-record.js';
import { cookieTokenOf } from '../../../plugins/session-tokens.js';
import { PREFIX } from '../auth.js';

/**
 * next-steps.md §7: the user, by the session cookie (it hands out the token); a delegate's by theirs
 * (issue 88), the student's record under the share.
 */
export default async function nextStepsUserRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    `${PREFIX}/user/`,
    {
      config: {
        access: {
          self: 'read',
          support: 'read',
          delegate: { category: 'next-steps', may: 'read' },
        },
      },
      schema: {
        summary: 'Next Steps: the signed-in user, as a list (cookie-authenticated)',
        response: { 200: nextStepsUserListSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const record = await nextStepsUserOf(app, request, cookieTokenOf(request));
      // The person's language for the pages met before they are known, as the portal's user call.
      if (request.actor.capacity === 'self')
        rememberLanguage(reply, record.language, app.config.nodeEnv === 'production');
      return reply.header('cache-control', 'no-store').send([record]);
    },
  );
}
