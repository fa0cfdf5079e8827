import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { buildingsAnswerSchema } from '../../../contract/buildings.schema.js';
import { siteSchema } from '../../../contract/campus.schema.js';
import { languageSchema } from '../../../contract/language.schema.js';
import { LANGUAGE_VARY, requestLanguage } from '../../i18n/request-language.js';

/** `?language=es`: the language the portal reads, the person's choice. */
const querySchema = z.object({ language: languageSchema.optional() });

/**
 * `GET /api/campus` (public): what the university configured, and the build shown to staff. Its
 * texts in the reader's language (issue 59): the one the portal asks for (the person's choice), else
 * the language cookie's, else the browser's Accept-Language, as every server page chooses
 * (`requestLanguage`).
 */
export default async function campusRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/campus',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Campus configuration and build',
        querystring: querySchema,
        response: { 200: siteSchema },
      },
    },
    async (request, reply) => {
      const language = requestLanguage(request);
      return reply
        .header('cache-control', 'no-cache')
        .header('vary', LANGUAGE_VARY)
        .send({ campus: app.config.campuses[language], build: app.config.buildHash });
    },
  );

  /**
   * `GET /api/campus/buildings` (public, issue 89): the campus's buildings in the reader's language,
   * each with its place on the campus's map; at most MAX_BUILDINGS (contract/buildings.schema.ts).
   * Loaded by the pages that show a place, never with the first route.
   */
  r.get(
    '/api/campus/buildings',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Campus buildings',
        querystring: querySchema,
        response: { 200: buildingsAnswerSchema },
      },
    },
    async (request, reply) => {
      const language = requestLanguage(request);
      return reply
        .header('cache-control', 'public, max-age=3600')
        .header('vary', LANGUAGE_VARY)
        .send({ buildings: app.config.campuses[language].buildings });
    },
  );
}
