import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MemoryCacheStore } from '../../cache/memory-store.js';
import { ReadThroughCache } from '../../cache/read-through.js';
import { RedisCacheStore } from '../../cache/redis-store.js';
import type { CacheStore } from '../../cache/store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The per-user answer cache (portal.md §9): read-through, single-flight, stale-while-error. */
    cache: ReadThroughCache;
  }
}

/**
 * The Redis keys of this build's cached answers. A cached answer is what this version's parsers and
 * rules made of a source (a feed's items, an alert's end, a record's shape): an upgrade must never
 * serve the old version's, so each build has keys of its own, and the old build's expire on their own
 * time (issue 62). During a rolling upgrade each version reads its own.
 */
const cachePrefix = (keyPrefix: string, buildHash: string) => `${keyPrefix}cache:${buildHash}:`;

/** The store of cached answers: Redis (shared by every process) when REDIS_URL is set, else in process. */
function storeFor(app: FastifyInstance): CacheStore {
  if (!app.redis) return new MemoryCacheStore({ maxBytes: app.config.memoryCache.maxBytes });
  return new RedisCacheStore(app.redis, {
    prefix: cachePrefix(app.config.redis.keyPrefix, app.config.buildHash),
    onError: (err) =>
      app.redisWarning(
        err,
        'Redis is unavailable: answering without the shared cache until it is back',
      ),
  });
}

/** The answer cache; a store passed in (tests) wins over the configured one. */
export default fp(
  async function cache(app: FastifyInstance, opts: { cacheStore?: CacheStore }) {
    app.decorate(
      'cache',
      new ReadThroughCache({
        store: opts.cacheStore ?? storeFor(app),
        clock: () => app.clock(),
        onStale: (key, err) =>
          app.log.warn({ err, key }, 'source failed: serving the cached copy (stale)'),
        onRead: (status) => app.metrics.cacheRead(status),
        staleAfterMs: app.config.sis.staleAfterMs,
      }),
    );
  },
  { name: 'cache', dependencies: ['redis', 'metrics'] },
);
