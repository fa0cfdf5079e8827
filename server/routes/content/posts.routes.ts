import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  POSTS_MORE_HEADER,
  postListSchema,
  postsQuerySchema,
} from '../../../contract/content.schema.js';
import { errorSchema } from '../../../contract/error.schema.js';
import { inLanguage, readerLanguage } from '../../content/reader-text.js';
import { hiddenCategories } from '../../../contract/content.rules.js';
import { UNKNOWN_AFTER } from '../../content/keyset.js';
import { previewOf } from './content-source.js';

/**
 * portal.md §7 `GET /api/posts` by `category` and `post_type`, or by `slug`: only the posts the
 * user's roles may see, only those already open (staff preview: `published=all`). Never cached.
 */
export default async function postsRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/posts',
    {
      config: { access: { self: 'read', support: 'read', delegate: null } },
      // Authentication before validation: an anonymous caller learns nothing, not even a 400.
      schema: {
        summary: 'Content posts for the signed-in user',
        security: [{ token: [] }],
        querystring: postsQuerySchema,
        response: {
          200: postListSchema.describe(
            `A page of posts; the header \`${POSTS_MORE_HEADER}: true\` when more follow its last.`,
          ),
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { published, limit, after, ...filter } = request.query;
      const preview = previewOf(request, reply, published);
      if (preview === null) return reply;
      // Issue 87: a keyset page of what the person sees, cut in the store's query (portal.md §6's
      // rules as the query's filters): the posts after `after`'s, in the list's order.
      const seenBy = {
        hiddenCategories: hiddenCategories(request.subject),
        ...(!preview && { openAt: app.clock().toISOString() }),
      };
      const page = await request.adapters.content.findPostsPage(
        { ...filter, drafts: preview },
        seenBy,
        { limit, after },
      );
      if (!page) return reply.code(400).send(UNKNOWN_AFTER);
      const language = await readerLanguage(app, request);
      if (page.more) reply.header(POSTS_MORE_HEADER, 'true');
      return reply
        .header('cache-control', 'no-store')
        .send(page.posts.map((p) => inLanguage(p, language)));
    },
  );
}
