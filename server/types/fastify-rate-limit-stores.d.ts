/** The counter stores `@fastify/rate-limit` ships (its own types name only their interface). */
declare module '@fastify/rate-limit/store/LocalStore.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';

  interface LocalStoreCtor {
    new (
      continueExceeding?: boolean,
      exponentialBackoff?: boolean,
      cache?: number,
    ): FastifyRateLimitStore & LocalStoreIncr;
  }
  interface LocalStoreIncr {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ): void;
  }
  const LocalStore: LocalStoreCtor;
  export default LocalStore;
}

declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';
  import type { Redis } from 'ioredis';

  interface RedisStoreCtor {
    new (
      continueExceeding: boolean | undefined,
      exponentialBackoff: boolean | undefined,
      redis: Redis,
      key?: string,
    ): FastifyRateLimitStore & {
      incr(
        key: string,
        callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
        timeWindow: number,
        max: number,
      ): void;
    };
  }
  const RedisStore: RedisStoreCtor;
  export default RedisStore;
}
