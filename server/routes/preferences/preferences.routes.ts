import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../contract/error.schema.js';
import {
  preferenceChangeSchema,
  preferencesParamsSchema,
  preferencesSchema,
  profilePhotoChangeSchema,
} from '../../../contract/preferences.schema.js';
import type { Preferences } from '../../../contract/preferences.schema.js';

const notFound = (reply: FastifyReply) => reply.code(404).send({ detail: 'Not found.' });

/**
 * The signed-in user's preferences: read, save one field (`PUT`), or the photo toggle (`PATCH`).
 * Someone else's pk answers 404, the same as a pk that does not exist.
 */
export default async function preferencesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const responses = {
    200: preferencesSchema,
    400: errorSchema,
    401: errorSchema,
    404: errorSchema,
  };

  r.get(
    '/api/preferences/user',
    {
      schema: {
        summary: 'Preferences',
        security: [{ token: [] }],
        response: { 200: preferencesSchema, 401: errorSchema },
      },
    },
    async (request) => app.repositories.preferences.forUser(request.user.id),
  );

  const save = async (userId: number, pk: number, change: Partial<Omit<Preferences, 'pk'>>) =>
    app.repositories.preferences.update(userId, pk, change);

  r.put(
    '/api/preferences/:pk',
    {
      schema: {
        summary: 'Save one preference',
        security: [{ token: [] }],
        params: preferencesParamsSchema,
        body: preferenceChangeSchema,
        response: responses,
      },
    },
    async (request, reply) => {
      const saved = await save(request.user.id, request.params.pk, request.body);
      return saved ?? notFound(reply);
    },
  );

  r.patch(
    '/api/preferences/:pk',
    {
      schema: {
        summary: 'Use the ID photo or initials',
        security: [{ token: [] }],
        params: preferencesParamsSchema,
        body: profilePhotoChangeSchema,
        response: responses,
      },
    },
    async (request, reply) => {
      const { use_profile_photo, pk } = request.body;
      if (pk !== undefined && pk !== request.params.pk) {
        return reply.code(400).send({ detail: 'pk: does not match the pk of the address' });
      }
      const saved = await save(request.user.id, request.params.pk, { use_profile_photo });
      return saved ?? notFound(reply);
    },
  );
}
