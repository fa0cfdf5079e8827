import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../../contract/error.schema.js';
import { FEED_IMAGE_WIDTHS, feedImageIdSchema } from '../../../../contract/events.schema.js';
import { FETCH_ON_DEMAND_SLACK_MS } from '../../../feeds/feed-images.js';
import type { FeedImageWidth } from '../../../feeds/feed-images.js';

const NOT_FOUND = { detail: 'Not found.' };

const widthSchema = z
  .enum(FEED_IMAGE_WIDTHS.map(String) as [string, ...string[]])
  .default(String(FEED_IMAGE_WIDTHS[0]))
  .transform((w) => Number(w) as FeedImageWidth);

/** An image, kept a day by the browser (its address changes when its source does). */
const sendImage = (reply: FastifyReply, bytes: Buffer) =>
  reply.type('image/webp').header('cache-control', 'public, max-age=86400').send(bytes);

/**
 * `GET /api/feed-images/<id>?w=400|800`: a feed's image, fetched and re-encoded by the server, so the
 * browser never asks the feed's image host. Public. Only the image of an item a feed answer shows now
 * is served: one this process prepared, or one another process's answer named in the shared store,
 * which this process then fetches within the same limits (issue 62: with several processes, nginx
 * may send the image request to any); any other id answers 404 without a fetch or a decode.
 */
export default async function feedImagesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/feed-images/:id',
    {
      config: { access: 'public' },
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
      // Only an image a feed answer named (this process's, or another's shared note) is fetched.
      const bytes = await app.feedImages.servableAnywhere(
        id,
        width,
        app.config.feeds.timeoutMs + FETCH_ON_DEMAND_SLACK_MS,
      );
      if (!bytes) return reply.code(404).send(NOT_FOUND);
      return sendImage(reply, bytes);
    },
  );
}
