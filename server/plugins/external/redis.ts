import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import fp from 'fastify-plugin';
import { closeRedis, connectRedis, throttledWarning, whenReady } from '../../cache/redis-client.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The connection to Redis when REDIS_URL is set: the shared answer cache and rate-limit counters. */
    redis: Redis | undefined;
    /** Logs a Redis failure, at most once a minute (an outage would otherwise log every request). */
    redisWarning: (err: unknown, message: string) => void;
  }
}

/** How long the start waits for Redis before going on without it (it keeps reconnecting). */
const START_WAIT_MS = 2000;

/** One connection per process, shared by the cache and the rate limiter; closed with the app. */
export default fp(
  async function redis(app: FastifyInstance) {
    const warn = throttledWarning((details, message) => app.log.warn(details, message));
    app.decorate('redisWarning', warn);
    const { url } = app.config.redis;
    if (!url) {
      app.decorate('redis', undefined);
      return;
    }
    const client = await connectRedis(url, (err) =>
      warn(err, 'Redis is unavailable: answering without the shared cache until it is back'),
    );
    app.decorate('redis', client);
    app.addHook('onClose', async () => closeRedis(client));
    if (!(await whenReady(client, START_WAIT_MS))) {
      app.log.warn('Redis did not answer at start: running without the shared cache until it does');
    }
  },
  { name: 'redis' },
);
