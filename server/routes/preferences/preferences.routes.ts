import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DASHBOARD_BLOCK_LABELS } from '../../../contract/dashboard.schema.js';
import type { DashboardLayout } from '../../../contract/dashboard.schema.js';
import { hiddenMandatory, mandatoryBlocks } from '../../../contract/dashboard.rules.js';
import { errorSchema } from '../../../contract/error.schema.js';
import { smsNumberSchema } from '../../../contract/phone.rules.js';
import {
  preferenceChangeSchemaWith,
  preferencesParamsSchema,
  preferencesSchema,
  profilePhotoChangeSchema,
} from '../../../contract/preferences.schema.js';
import { rememberLanguage } from '../../html/language-cookie.js';
import { rememberTheme } from '../../html/theme.js';
import { DEMO_PREFERENCES_PK } from '../../demo/demo-mode.js';

const notFound = (reply: FastifyReply) => reply.code(404).send({ detail: 'Not found.' });

/**
 * The signed-in user's preferences: read, save one field (`PUT`), or the photo toggle (`PATCH`).
 * Someone else's pk answers 404, the same as a pk that does not exist.
 */
export default async function preferencesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secure = app.config.nodeEnv === 'production';
  // The text-message number is stored as E.164, read in the campus's country (the one phone rule).
  const preferenceChangeSchema = preferenceChangeSchemaWith(
    smsNumberSchema(app.config.campus.phone.defaultCountry),
  );
  const responses = {
    200: preferencesSchema,
    400: errorSchema,
    401: errorSchema,
    404: errorSchema,
  };

  r.get(
    '/api/preferences/user',
    {
      config: { access: { self: 'read', support: 'read', delegate: null } },
      schema: {
        summary: 'Preferences',
        security: [{ token: [] }],
        response: { 200: preferencesSchema, 401: errorSchema },
      },
    },
    async (request) => request.adapters.preferences.read(),
  );

  /** A layout hiding a mandatory block is refused (400), naming the blocks. */
  const refusedLayout = async (layout: DashboardLayout | undefined) => {
    if (layout === undefined) return null;
    const refused = hiddenMandatory(
      layout,
      mandatoryBlocks(await app.repositories.dashboard.mandatory()),
    );
    if (refused.length === 0) return null;
    const names = refused.map((b) => DASHBOARD_BLOCK_LABELS[b]).join(', ');
    return `dashboard_layout: ${names} cannot be hidden`;
  };

  // Demo mode's preferences (pk 0): only the dashboard layout is kept, as the person's demo layout,
  // never their own. Outside demo mode there is no such record (the preferences adapter decides).
  r.put(
    `/api/preferences/${DEMO_PREFERENCES_PK}`,
    {
      config: { access: { self: 'write', support: null, delegate: null } },
      schema: {
        summary: 'Save the dashboard layout of demo mode',
        security: [{ token: [] }],
        body: preferenceChangeSchema,
        response: responses,
      },
    },
    async (request, reply) => {
      const done = await request.adapters.preferences.saveDemo(request.body, refusedLayout);
      if (done === null) return notFound(reply);
      if ('refused' in done) return reply.code(400).send({ detail: done.refused });
      return done.saved;
    },
  );

  r.put(
    '/api/preferences/:pk',
    {
      config: { access: { self: 'write', support: null, delegate: null } },
      schema: {
        summary: 'Save one preference',
        security: [{ token: [] }],
        params: preferencesParamsSchema,
        body: preferenceChangeSchema,
        response: responses,
      },
    },
    async (request, reply) => {
      const refused = await refusedLayout(request.body.dashboard_layout);
      if (refused) return reply.code(400).send({ detail: refused });
      // Demo mode keeps no layout as the person's own: answered 404, like a record not theirs.
      const saved = await request.adapters.preferences.save(request.params.pk, request.body);
      if (!saved) return notFound(reply);
      // The server-rendered pages show the same theme (html/theme.ts).
      if (request.body.theme !== undefined) rememberTheme(reply, saved.theme, secure);
      // …and the pages met before anyone is known, the reader's language (html/language-cookie.ts).
      if (request.body.language !== undefined) rememberLanguage(reply, saved.language, secure);
      return saved;
    },
  );

  r.patch(
    '/api/preferences/:pk',
    {
      config: { access: { self: 'write', support: null, delegate: null } },
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
      const saved = await request.adapters.preferences.save(request.params.pk, {
        use_profile_photo,
      });
      return saved ?? notFound(reply);
    },
  );
}
