import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { Redis } from 'ioredis';
import { z } from 'zod';

type Counted = { current: number; ttl: number };
type Done = (error: Error | null, result?: Counted) => void;

/**
 * What a store needs of the limiter's settings (the global ones, or a route's merged with its route's
 * options as `routeInfo`); the library's types do not name them, so they are read through a schema.
 */
const storeOptionsSchema = z.object({
  continueExceeding: z.boolean().optional(),
  exponentialBackoff: z.boolean().optional(),
  routeInfo: z
    .object({
      method: z.union([z.string(), z.array(z.string())]).optional(),
      url: z.string().optional(),
    })
    .optional(),
});

export interface CounterStoreEvents {
  /** Redis failed a count: from now on this process counts alone (told once per outage). */
  outage: (err: unknown) => void;
  /** Redis counted again after an outage. */
  back: () => void;
}

/**
 * A counter store for `@fastify/rate-limit` that counts in Redis (every process together) and, when a
 * call to Redis fails or times out (the connection's command timeout) or Redis is not connected,
 * counts the request in this process instead: limits hold while Redis is away, each process counting
 * its own. Without Redis it is the library's in-process store.
 */
/** The store as the library takes it, whose count also takes the window and the maximum. */
export interface CountingStore extends FastifyRateLimitStore {
  incr(key: string, done: Done, timeWindow?: number, max?: number): void;
}
export type CounterStoreCtor = (new (settings: object) => CountingStore) &
  FastifyRateLimitStoreCtor;

export function counterStore(
  redis: Redis | undefined,
  nameSpace: string,
  events: CounterStoreEvents,
): CounterStoreCtor {
  let away = false;
  const outage = (err: unknown) => {
    if (away) return;
    away = true;
    events.outage(err);
  };
  const back = () => {
    if (!away) return;
    away = false;
    events.back();
  };

  class CounterStore {
    private readonly local: InstanceType<typeof LocalStore>;
    private readonly shared: InstanceType<typeof RedisStore> | undefined;

    constructor(settings: object, key = nameSpace) {
      const options = storeOptionsSchema.parse(settings);
      this.local = new LocalStore(options.continueExceeding, options.exponentialBackoff);
      this.shared =
        redis && new RedisStore(options.continueExceeding, options.exponentialBackoff, redis, key);
    }

    // The library always passes the window and the maximum; its declared store type names neither.
    incr(key: string, done: Done, timeWindow = 60_000, max = 0) {
      const { shared, local } = this;
      if (!shared || !redis) return local.incr(key, done, timeWindow, max);
      if (redis.status !== 'ready') {
        outage(new Error(`Redis is ${redis.status}`));
        return local.incr(key, done, timeWindow, max);
      }
      shared.incr(
        key,
        (err, counted) => {
          if (err || !counted) {
            outage(err);
            local.incr(key, done, timeWindow, max);
            return;
          }
          back();
          done(null, counted);
        },
        timeWindow,
        max,
      );
    }

    /** A route with limits of its own counts under its method and path; a limiter made in code shares the space. */
    child(settings: object): FastifyRateLimitStore {
      const { method, url } = storeOptionsSchema.parse(settings).routeInfo ?? {};
      const methods = Array.isArray(method) ? method.join(',') : (method ?? '');
      return new CounterStore(settings, url ? `${nameSpace}${methods}${url}-` : nameSpace);
    }
  }
  return CounterStore;
}
