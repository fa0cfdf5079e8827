import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../contract/error.schema.js';
import { userSchema } from '../../../contract/user.schema.js';
import { rememberLanguage } from '../../html/language-cookie.js';
import { rememberTheme } from '../../html/theme.js';
import { cookieTokenOf } from '../../plugins/session-tokens.js';

/** `GET /api/users/user`: the one call authenticated by the session cookie rather than the token. */
export default async function usersRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/users/user',
    {
      config: { access: { self: 'read', support: 'read', delegate: null } },
      schema: {
        summary: 'The signed-in user (cookie-authenticated)',
        response: { 200: userSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const answer = await request.adapters.person.user(cookieTokenOf(request));
      const secure = app.config.nodeEnv === 'production';
      rememberTheme(reply, answer.preferences.theme, secure);
      // Support viewing as a student keeps their own language, never the student's.
      if (!request.viewing) rememberLanguage(reply, answer.preferences.language, secure);
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );
}
