import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticated } from '../../plugins/authenticated.js';
import { z } from 'zod';
import { errorSchema } from '../../../contract/error.schema.js';
import {
  eventListSchema,
  FEED_IMAGE_WIDTHS,
  feedImageIdSchema,
} from '../../../contract/events.schema.js';
import { FEED_IMAGE_LIMITS, FeedImages } from '../../feeds/feed-images.js';
import type { FeedImageWidth } from '../../feeds/feed-images.js';
import { answerFeed, feedDefinitions } from '../../feeds/feeds.js';

const NOT_FOUND = { detail: 'Not found.' };

const widthSchema = z
  .enum(FEED_IMAGE_WIDTHS.map(String) as [string, ...string[]])
  .default(String(FEED_IMAGE_WIDTHS[0]))
  .transform((w) => Number(w) as FeedImageWidth);

/** An image, kept a day by the browser (its address changes when its source does). */
const sendImage = (reply: FastifyReply, bytes: Buffer) =>
  reply.type('image/webp').header('cache-control', 'public, max-age=86400').send(bytes);

/**
 * portal.md §7 events and news: `GET /api/integrations/pdx/events`,
 * `/api/integrations/pdxcampusgroups/events` and `/news`. A feed that fails with no copy of the last
 * 24 hours answers 500 `{detail, component}`; the other feeds are not affected.
 *
 * `GET /api/feed-images/<id>?w=400|800`: a feed's image, fetched and re-encoded by the server, so the
 * browser never asks the feed's image host. Only the image of an item a feed answer of this process
 * shows now, once prepared, is served; any other id answers 404 without a fetch or a decode.
 */
export default async function feedsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const images = new FeedImages({
    fetch: {
      maxBytes: FEED_IMAGE_LIMITS.maxBytes,
      maxRedirects: FEED_IMAGE_LIMITS.maxRedirects,
      timeoutMs: app.config.feeds.timeoutMs,
      privateHosts: new Set(app.config.feeds.imagePrivateHosts),
    },
    clock: () => app.clock(),
    log: app.log,
  });
  // The feeds: signed in by token (plugins/authenticated.ts); their images are public.
  await app.register(
    authenticated({ by: 'token' }, async (scope) => {
      for (const feed of feedDefinitions) {
        scope.withTypeProvider<ZodTypeProvider>().get(
          feed.path,
          {
            schema: {
              summary: feed.summary,
              security: [{ token: [] }],
              response: { 200: eventListSchema, 401: errorSchema, 500: errorSchema },
            },
          },
          async (request, reply) => {
            try {
              const { events, status } = await answerFeed(app, feed, images);
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
    }),
  );

  r.get(
    '/api/feed-images/:id',
    {
      schema: {
        summary: 'An image of an events or news item, re-encoded as WebP (public)',
        params: z.object({ id: z.string().max(100) }),
        querystring: z.object({ w: widthSchema }),
        // The body is the image's bytes (sent as they are, never serialised).
        response: {
          200: z.string().meta({ description: 'A WebP image', format: 'binary' }),
          404: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const width = request.query.w;
      if (!feedImageIdSchema.safeParse(id).success) return reply.code(404).send(NOT_FOUND);
      // Never a fetch nor a decode here: the feed's answer prepared what it shows.
      const bytes = images.servable(id, width);
      if (!bytes) return reply.code(404).send(NOT_FOUND);
      return sendImage(reply, bytes);
    },
  );
}
