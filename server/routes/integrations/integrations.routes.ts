import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../contract/error.schema.js';
import {
  degreeHeadlineAnswerSchema,
  degreeHeadlineSchema,
} from '../../../contract/sis/degree-headline.schema.js';
import { isSisWarning } from '../../../contract/sis/warning.schema.js';
import { termQuerySchema } from '../../../contract/sis/common.schema.js';
import {
  integrationAnswerSchemas,
  integrations,
  termIntegrations,
} from '../../../contract/sis/integrations.schema.js';
import type { Integration, TermIntegration } from '../../../contract/sis/integrations.schema.js';
import { TERM_OUT_OF_WINDOW, isTermInWindow } from '../../sis/terms.js';
import { sisFailed } from './sis-reply.js';
import { withPlaces } from '../../sis/places.js';
import type { RouteAccess } from '../../auth/access.js';
import { SEEN_READS } from '../../changes/visit.js';
import type { DelegateCategory } from '../../../contract/delegates.schema.js';

const isTermIntegration = (read: Integration): read is TermIntegration =>
  termIntegrations.some((t) => t === read);

/**
 * Which categories a student may share show each read to a delegate (issue 73); a read named
 * nowhere (the profile's, the bookstore, nudges) is never a delegate's. The term reads serve both.
 */
const SHOWN_IN: Partial<Record<Integration, DelegateCategory | readonly DelegateCategory[]>> = {
  holds: 'finances',
  'financial-account-summary': 'finances',
  'financial-aid-info': 'finances',
  'current-term': ['finances', 'academics'],
  'term-info': ['finances', 'academics'],
  courses: 'academics',
  schedule: 'academics',
  grades: 'academics',
  gpa: 'academics',
  standing: 'academics',
  advisor: 'academics',
  'curriculum-info': 'academics',
  'degree-progress': 'academics',
};

/** Who may read `read` (auth/access.ts): a fresh read of the record's reads compares it (writes on read). */
function accessOf(read: Integration): RouteAccess {
  const category = SHOWN_IN[read];
  return {
    self: 'read',
    support: 'read',
    delegate: category === undefined ? null : { category, may: 'read' },
    ...(SEEN_READS.has(read) ? { writesOnRead: true } : {}),
  };
}

/**
 * `GET /api/integrations/finti/<read>` for every read of portal.md §7: the signed-in user's own record,
 * `?term=YYYY0Q` on courses, schedule and grades.
 */
export default async function integrationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const read of integrations) {
    // Known when the route is made: its handler does not look it up again per request.
    const byTerm = isTermIntegration(read);
    r.get(
      `/api/integrations/finti/${read}`,
      {
        config: { access: accessOf(read) },
        schema: {
          summary: `Student information: ${read}`,
          security: [{ token: [] }],
          ...(byTerm ? { querystring: termQuerySchema } : {}),
          response: {
            200: integrationAnswerSchemas[read],
            400: errorSchema,
            401: errorSchema,
            500: errorSchema,
          },
        },
      },
      async (request, reply) => {
        const term = byTerm ? termQuerySchema.parse(request.query).term : undefined;
        if (term !== undefined && !isTermInWindow(term, app.clock())) {
          return reply.code(400).send(TERM_OUT_OF_WINDOW);
        }
        try {
          // A class's building with its place on the campus's map (issue 89).
          if (read === 'schedule') {
            const meetings = await request.adapters.sis.read('schedule', reply, term);
            return reply.send(withPlaces(meetings, app.config.campus.buildings));
          }
          return reply.send(await request.adapters.sis.read(read, reply, term));
        } catch (err) {
          return sisFailed(request, reply, read, err);
        }
      },
    );
  }

  // Issue 92: the dashboard card's headline figures, from the same read (and cache entry) as the
  // whole audit, so the card costs the campus's audit system no call of its own.
  r.get(
    '/api/integrations/finti/degree-progress/headline',
    {
      config: { access: accessOf('degree-progress') },
      schema: {
        summary: "Student information: the degree audit's headline figures",
        security: [{ token: [] }],
        response: {
          200: degreeHeadlineAnswerSchema,
          401: errorSchema,
          500: errorSchema,
        },
      },
    },
    async (request, reply) => {
      try {
        const audit = await request.adapters.sis.read('degree-progress', reply);
        return reply.send(isSisWarning(audit) ? audit : degreeHeadlineSchema.parse(audit));
      } catch (err) {
        return sisFailed(request, reply, 'degree-progress', err);
      }
    },
  );
}
