import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { MEDIA_NAME } from '../../../content/images.js';

/**
 * `/media/<name>`: the images the admin made from uploads (only those: the name must be one the
 * server gave). Public like the sample content images; names are random and a file never changes.
 * A replaced or deleted post's files are removed, and their addresses answer 404.
 */
export default async function mediaRoutes(app: FastifyInstance) {
  const dir = path.join(app.config.dataDir, 'media');
  app.withTypeProvider<ZodTypeProvider>().get(
    '/media/:name',
    {
      config: { access: 'public' },
      schema: { hide: true, params: z.object({ name: z.string().regex(MEDIA_NAME) }) },
    },
    async (request, reply) => {
      const file = await readFile(path.join(dir, request.params.name)).catch(() => undefined);
      if (!file) return reply.code(404).send({ detail: 'No such image.' });
      return reply
        .type('image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(file);
    },
  );
}
