import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const NO_STORE = 'no-store';

/**
 * Whether a shared cache or the browser may keep an answer, decided in one place for every route.
 * An error (401, 404, 429, 500, …) is never kept: it may name a person or a path, and a kept 401
 * would outlive a sign-in. A success is kept only when its route says so (`public, max-age=…` on
 * hashed assets and media, `no-cache` on pages revalidated by ETag); every other answer, that is
 * every private one, gets `no-store`, so a new route is private unless it opts out.
 */
export default fp(
  async function cacheHeaders(app: FastifyInstance) {
    app.addHook('onSend', function decideCaching(_request, reply, payload, next) {
      if (reply.statusCode >= 400) reply.header('cache-control', NO_STORE);
      else if (!reply.hasHeader('cache-control') && !reply.raw.hasHeader('cache-control')) {
        reply.header('cache-control', NO_STORE);
      }
      next(null, payload);
    });
  },
  { name: 'cache-headers' },
);
