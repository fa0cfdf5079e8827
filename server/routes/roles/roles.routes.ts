import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../contract/error.schema.js';
import { distinctRoles, rolesSchema } from '../../../contract/roles.schema.js';
import type { Roles } from '../../../contract/roles.schema.js';
import { skipsRoleRefresh } from '../../auth/rights.js';
import { sisFailed } from '../integrations/sis-reply.js';

const sameRoles = (a: Roles, b: Roles) =>
  a.primary_role === b.primary_role &&
  a.other_roles.length === b.other_roles.length &&
  a.other_roles.every((role, i) => role === b.other_roles[i]);

/**
 * `POST /api/users/roles` (portal.md §7): the user's roles, refreshed from their SIS record (cached
 * 120 minutes) and stored. Superusers skip the refresh (portal.md §6); demo mode's roles adapter
 * keeps the stored roles.
 */
export default async function rolesRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/users/roles',
    {
      config: { access: { self: 'write', support: null, delegate: null } },
      schema: {
        summary: 'Refresh and return the signed-in user’s roles',
        security: [{ token: [] }],
        response: { 200: rolesSchema, 401: errorSchema, 500: errorSchema },
      },
    },
    async (request, reply) => {
      const user = request.subject;
      const stored: Roles = distinctRoles({
        primary_role: user.primary_role,
        other_roles: user.other_roles,
      });
      if (skipsRoleRefresh(user)) return stored;
      let fresh: Roles;
      try {
        fresh = distinctRoles(await request.adapters.roles.current(reply));
      } catch (err) {
        return sisFailed(request, reply, 'roles', err);
      }
      if (!sameRoles(fresh, stored)) await request.adapters.roles.save(fresh);
      return fresh;
    },
  );
}
