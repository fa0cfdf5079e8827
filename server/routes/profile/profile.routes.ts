import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../contract/error.schema.js';
import { userProfileListSchema } from '../../../contract/profile.schema.js';
import { sisFailed } from '../integrations/sis-reply.js';

/**
 * `GET /api/psu_user_profile`: a one-item list. pk, nine_number, role_acknowledged_on and sms_number
 * come from our store (sms_number is a preference the user edits here); staff_faculty_info from the
 * SIS, cached with the profile lifetime.
 */
export default async function profileRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/psu_user_profile',
    {
      config: { access: { self: 'read', support: 'read', delegate: null } },
      schema: {
        summary: 'Profile data',
        security: [{ token: [] }],
        response: { 200: userProfileListSchema, 401: errorSchema, 500: errorSchema },
      },
    },
    async (request, reply) => {
      const user = request.subject;
      let sis;
      try {
        sis = await request.adapters.sis.read('profile', reply);
      } catch (err) {
        return sisFailed(request, reply, 'psu_user_profile', err);
      }
      const preferences = await app.repositories.preferences.forUser(user.id);
      return [
        {
          pk: user.id,
          nine_number: request.adapters.person.nineNumber(),
          sms_number: preferences.sms_number,
          role_acknowledged_on: user.role_acknowledged_on,
          staff_faculty_info: sis.staff_faculty_info,
        },
      ];
    },
  );
}
