import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../contract/error.schema.js';
import { eventListSchema } from '../../../contract/events.schema.js';
import { answerFeed, feedDefinitions } from '../../feeds/feeds.js';

/**
 * portal.md §7 events and news: `GET /api/integrations/pdx/events`,
 * `/api/integrations/pdxcampusgroups/events` and `/news`. A feed that fails with no copy of the last
 * 24 hours answers 500 `{detail, component}`; the other feeds are not affected. The images of the
 * items an answer shows are prepared for `public/feed-images.routes.ts`.
 */
export default async function feedsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const feed of feedDefinitions) {
    r.get(
      feed.path,
      {
        config: { access: { self: 'read', support: 'read', delegate: null } },
        schema: {
          summary: feed.summary,
          security: [{ token: [] }],
          response: { 200: eventListSchema, 401: errorSchema, 500: errorSchema },
        },
      },
      async (request, reply) => {
        try {
          const { events, status } = await answerFeed(app, feed, app.feedImages);
          return reply.header('x-cache', status).send(events);
        } catch (err) {
          request.log.error({ err, component: feed.name }, 'feed failed');
          return reply
            .code(500)
            .send({ detail: 'The feed could not be read.', component: feed.name });
        }
      },
    );
  }
}
