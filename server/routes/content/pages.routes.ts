import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageSchema, pagesQuerySchema } from '../../../contract/content.schema.js';
import { errorSchema } from '../../../contract/error.schema.js';
import type { StoredPage } from '../../db/repositories/content.repository.js';
import { isDemo } from '../../demo/demo-mode.js';
import { PAGE_FRESH_MS, cachedPageSchema, pageCacheKey } from '../../content/source.js';
import { visiblePosts } from '../../content/visible.js';
import { userOf } from '../integrations/sis-reply.js';
import { previewOf, sourceFor } from './content-source.js';

/**
 * portal.md §7 `GET /api/pages` by `slug` or `path`. A page by path is cached 15 minutes (§9) in the
 * shared cache with every role's posts, and filtered for the user after reading, so one role's
 * content never reaches another through the cache. A preview (`published=all`, staff only) shows
 * unpublished pages and future posts and is never cached; nor is demo content.
 */
export default async function pagesRoutes(app: FastifyInstance) {
  async function load(
    request: FastifyRequest,
    by: { slug: string } | { path: string },
    preview: boolean,
  ): Promise<StoredPage | null> {
    const source = sourceFor(app, request);
    if (!('path' in by) || preview || isDemo(request)) return (await source.findPage(by)) ?? null;
    const { value } = await app.cache.read(
      pageCacheKey(by.path),
      PAGE_FRESH_MS,
      async () => (await source.findPage(by)) ?? null,
      cachedPageSchema,
    );
    return value;
  }

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/pages',
    {
      onRequest: app.requireToken,
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
      const { published, slug, path } = request.query;
      const preview = previewOf(request, reply, published);
      if (preview === null) return reply;
      const by = slug === undefined ? { path: path ?? '/' } : { slug };
      const page = await load(request, by, preview);
      reply.header('cache-control', 'no-store');
      if (!page || (!page.published && !preview)) {
        return reply.code(404).send({ detail: 'There is no page here.' });
      }
      const posts = visiblePosts(page.posts, userOf(request), app.clock(), preview);
      return reply.send({ ...page, preview, posts });
    },
  );
}
