import { ConfigError } from './env.js';
import type { Env } from './env.js';

/**
 * Where data is kept: the SQLite folder or PostgreSQL, whether the sample data is seeded, and Redis.
 * `realPeople`: production with OpenID Connect, where sample data is refused unless the server is a
 * staging one (`ALLOW_SAMPLE_SIS=1`).
 */
export function storeConfig(e: Env, realPeople: boolean) {
  const seedSamples = e.SEED_SAMPLES ?? !realPeople;
  if (realPeople && seedSamples && !e.ALLOW_SAMPLE_SIS) {
    throw new ConfigError(
      'Refusing to start: SEED_SAMPLES=1 with NODE_ENV=production and OpenID Connect would add the ' +
        'sample messages, Next Steps tasks and content for real people. Unset SEED_SAMPLES, or set ' +
        'ALLOW_SAMPLE_SIS=1 on a staging server.',
    );
  }
  return {
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    /**
     * Whether the sample messages, Next Steps tasks and content are added to an empty store at start
     * (demo mode's own data is always there). On, except in production with OpenID Connect.
     */
    seedSamples,
    /** Redis, when set, holds the answer cache and the rate-limit counters every process shares. */
    redis: { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX },
    /**
     * Without Redis, the answers this process keeps: least recently used go first past this many
     * bytes of their JSON (a count alone let a few large answers, a whole term's schedule, hold
     * hundreds of MB).
     */
    memoryCache: { maxBytes: e.CACHE_MAX_MB * 1_048_576 },
  };
}
