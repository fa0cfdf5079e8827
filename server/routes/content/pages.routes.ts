import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { previewReader } from '../../../contract/content.rules.js';
import { pageSchema, pagesQuerySchema } from '../../../contract/content.schema.js';
import { errorSchema } from '../../../contract/error.schema.js';
import { inLanguage, readerLanguage } from '../../content/reader-text.js';
import { postsPage, UNKNOWN_AFTER } from '../../content/keyset.js';
import { visiblePosts } from '../../content/visible.js';
import { previewAsOf, previewOf } from './content-source.js';

/**
 * portal.md §7 `GET /api/pages` by `slug` or `path`. A page by path is cached 15 minutes (§9) in the
 * shared cache with every role's posts, and filtered for the user after reading, so one role's
 * content never reaches another through the cache. A preview (`published=all`, staff only) shows
 * unpublished pages and future posts; a preview as a role (`preview_role`, staff only) filters the
 * posts by that role's rules instead of the caller's. Neither is read from or written to the cache;
 * nor is demo content (the request's content adapter, `request.adapters.content`, decides).
 */
/** The dashboard's page when the store has none: published, without posts. */
const EMPTY_DASHBOARD = { path: '/', slug: 'dashboard', published: true, posts: [] };

export default async function pagesRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/pages',
    {
      config: { access: { self: 'read', support: 'read', delegate: null } },
      schema: {
        summary: 'A content page with the posts the signed-in user may see',
        security: [{ token: [] }],
        querystring: pagesQuerySchema,
        response: {
          200: pageSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { published, slug, path, preview_role, preview_financial, limit, after } =
        request.query;
      const preview = previewOf(request, reply, published);
      if (preview === null) return reply;
      const previewAs = previewAsOf(request, reply, preview_role, preview_financial);
      if (previewAs === 'refused') return reply;
      const by = slug === undefined ? { path: path ?? '/' } : { slug };
      // A preview as a role reads the store itself, what staff just changed, never the shared cache;
      // with `published=all` its drafts too, which the shared cache never holds.
      const page = await request.adapters.content.findPage(by, {
        fresh: previewAs !== null,
        drafts: preview,
      });
      reply.header('cache-control', 'no-store');
      // The dashboard asks for its page on every load: a store without one (SEED_SAMPLES=0, or the
      // samples removed) has an empty dashboard page, not a 404 each time (issue 62).
      if (!page && slug === undefined && by.path === '/') {
        return reply.send({ ...EMPTY_DASHBOARD, preview, preview_as: previewAs });
      }
      if (!page || (!page.published && !preview)) {
        return reply.code(404).send({ detail: 'There is no page here.' });
      }
      const reader = previewAs ? previewReader(previewAs) : request.subject;
      const language = await readerLanguage(app, request);
      // Issue 87: a page of the posts the reader sees, as `GET /api/posts` pages them.
      const seen = postsPage(visiblePosts(page.posts, reader, app.clock(), preview), {
        limit,
        after,
      });
      if (!seen) return reply.code(400).send(UNKNOWN_AFTER);
      const posts = seen.posts.map((p) => inLanguage(p, language));
      return reply.send({
        ...page,
        preview,
        preview_as: previewAs,
        posts,
        ...(seen.more && { more: true }),
      });
    },
  );
}
