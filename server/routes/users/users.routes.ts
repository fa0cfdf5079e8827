import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../contract/error.schema.js';
import { userSchema } from '../../../contract/user.schema.js';
import type { User } from '../../../contract/user.schema.js';
import { demoUser } from '../../demo/profile.js';
import { authenticated } from '../../plugins/authenticated.js';
import { cookieTokenOf } from '../../plugins/session-tokens.js';
import { idPhotoOf } from './id-photo.js';

/** `GET /api/users/user`: the one call authenticated by the session cookie rather than the token. */
export default async function usersRoutes(app: FastifyInstance) {
  await app.register(authenticated({ by: 'cookie' }, cookieRoutes));
}

async function cookieRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/users/user',
    {
      schema: {
        summary: 'The signed-in user (cookie-authenticated)',
        response: { 200: userSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const user = request.user;
      const token = cookieTokenOf(request);
      if (request.dataSource === 'demo') {
        const layout = await app.repositories.dashboard.demoLayout(user.id);
        return reply.header('cache-control', 'no-store').send(demoUser(token, layout));
      }
      const preferences = await app.repositories.preferences.forUser(user.id);
      const answer: User = {
        first_name: user.first_name,
        last_name: user.last_name,
        photo: await idPhotoOf(app, request, user),
        nine_number: user.nine_number,
        email: user.email,
        username: user.username,
        primary_role: user.primary_role,
        other_roles: user.other_roles,
        is_authenticated: true,
        is_staff: user.is_staff,
        is_superuser: user.is_superuser,
        auth_token: token,
        initialized: true,
        can_use_demo: user.can_use_demo,
        has_provisional_account: false,
        financial_dashboard_access: user.financial_dashboard_access,
        profile_pk: user.id,
        role_acknowledged_on: user.role_acknowledged_on,
        preferences,
      };
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );
}
