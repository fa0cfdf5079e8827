import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../contract/error.schema.js';
import {
  grantListSchema,
  grantParamsSchema,
  grantQuerySchema,
  grantSchema,
} from '../../../contract/grants.schema.js';
import type { Right } from '../../../contract/grants.schema.js';
import type { Rights } from '../../auth/rights.js';

const FLAG: Record<Right, keyof Rights> = {
  staff: 'is_staff',
  superuser: 'is_superuser',
  demo: 'can_use_demo',
};

const guarded = { 401: errorSchema, 403: errorSchema };

/**
 * The grants a superuser manages (contract/grants.schema.ts): list, grant, revoke. Cookie-authenticated
 * with the CSRF check like every other change the pages make, superusers only, every change audited.
 * A grant or revocation applies to a signed-in person at once; the provider's groups are checked again
 * at their next sign-in.
 */
export default async function grantsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = [app.requireSession, app.requireSuperuser];

  r.get(
    '/api/admin/grants',
    {
      onRequest,
      schema: {
        summary: 'Grants: who holds staff, superuser or demo rights by grant',
        querystring: grantQuerySchema,
        response: { 200: grantListSchema, 400: errorSchema, ...guarded },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await app.repos.grants.list(request.query.username)),
  );

  r.put(
    '/api/admin/grants/:username/:right',
    {
      onRequest,
      schema: {
        summary: 'Grant a right to a username (granting it again changes nothing)',
        params: grantParamsSchema,
        response: { 200: grantSchema, 400: errorSchema, ...guarded },
      },
    },
    async (request) => {
      const { username, right } = request.params;
      const by = request.auth?.user.username ?? null;
      const grant = await app.repos.grants.put(username, right, by, app.clock());
      await app.repos.users.setFlag(username, FLAG[right], true, app.clock());
      await app.audit(request, 'admin.grant', { username, right });
      return grant;
    },
  );

  r.delete(
    '/api/admin/grants/:username/:right',
    {
      onRequest,
      schema: {
        summary: 'Revoke a granted right',
        params: grantParamsSchema,
        response: { 204: z.null(), 400: errorSchema, 404: errorSchema, ...guarded },
      },
    },
    async (request, reply) => {
      const { username, right } = request.params;
      if (!(await app.repos.grants.delete(username, right))) {
        return reply.code(404).send({ detail: 'No such grant.' });
      }
      const now = app.clock();
      await app.repos.users.setFlag(username, FLAG[right], false, now);
      // Staff came with superuser: it stays only if granted on its own.
      if (right === 'superuser' && !(await app.repos.grants.rightsOf(username)).has('staff')) {
        await app.repos.users.setFlag(username, 'is_staff', false, now);
      }
      await app.audit(request, 'admin.revoke', { username, right });
      return reply.code(204).send(null);
    },
  );
}
