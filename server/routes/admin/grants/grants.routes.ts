import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../../contract/error.schema.js';
import {
  GRANTS_MAX,
  grantListSchema,
  grantParamsSchema,
  grantQuerySchema,
  grantSchema,
} from '../../../../contract/grants.schema.js';
import { grantRight, revokeRight } from '../grant-changes.js';

const guarded = { 401: errorSchema, 403: errorSchema };

/**
 * The grants a superuser manages (contract/grants.schema.ts): list, grant, revoke. Cookie-authenticated
 * with the CSRF check like every other change the pages make, superusers only, every change audited.
 * A grant or revocation applies to a signed-in person at once; the provider's groups are checked again
 * at their next sign-in.
 */
export default async function grantsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/grants',
    {
      config: { access: { self: 'read', support: null, delegate: null } },
      schema: {
        summary: 'Grants: who holds staff, superuser or demo rights by grant',
        querystring: grantQuerySchema,
        response: { 200: grantListSchema, 400: errorSchema, ...guarded },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await app.repositories.grants.list(request.query.username, GRANTS_MAX)),
  );

  r.put(
    '/api/admin/grants/:username/:right',
    {
      config: { access: { self: 'write', support: null, delegate: null } },
      schema: {
        summary: 'Grant a right to a username (granting it again changes nothing)',
        params: grantParamsSchema,
        response: { 200: grantSchema, 400: errorSchema, ...guarded },
      },
    },
    async (request) => grantRight(app, request, request.params.username, request.params.right),
  );

  r.delete(
    '/api/admin/grants/:username/:right',
    {
      config: { access: { self: 'write', support: null, delegate: null } },
      schema: {
        summary: 'Revoke a granted right',
        params: grantParamsSchema,
        response: { 204: z.null(), 400: errorSchema, 404: errorSchema, ...guarded },
      },
    },
    async (request, reply) => {
      const { username, right } = request.params;
      if (!(await revokeRight(app, request, username, right))) {
        return reply.code(404).send({ detail: 'No such grant.' });
      }
      return reply.code(204).send(null);
    },
  );
}
