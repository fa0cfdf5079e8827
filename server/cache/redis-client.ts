import type { Redis } from 'ioredis';

/**
 * One connection to Redis, set up so that a request never waits for Redis to come back: while the
 * connection is down every call fails at once (no offline queue) and the caller does without — the
 * cache answers "miss", the rate limiter lets the request through. A call on a live connection that
 * stalls gives up after `commandTimeoutMs`. Reconnecting goes on in the background.
 */
export async function connectRedis(
  url: string,
  onError: (err: Error) => void,
  options: { commandTimeoutMs?: number } = {},
): Promise<Redis> {
  // Loaded only when REDIS_URL is set: the embedded default never needs the client.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: options.commandTimeoutMs ?? 1000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 5000),
  });
  // Without a listener ioredis prints every failed reconnect to the console.
  redis.on('error', onError);
  return redis;
}

/** Waits for the first connection, at most `timeoutMs`; answers whether Redis is ready. */
export function whenReady(redis: Redis, timeoutMs: number): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      redis.off('error', onFailure);
      redis.off('end', onFailure);
      resolve(ready);
    };
    const onReady = () => done(true);
    const onFailure = () => done(false);
    const timer = setTimeout(onFailure, timeoutMs);
    redis.once('ready', onReady);
    redis.once('error', onFailure);
    redis.once('end', onFailure);
  });
}

/** Ends the connection: politely when it is up, at once (and without reconnecting) when it is not. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') {
    try {
      await redis.quit();
      return;
    } catch {
      // Fall through: the connection went away while quitting.
    }
  }
  redis.disconnect();
}

/**
 * A warning at most once per `everyMs` however often the failure repeats, so an outage does not flood
 * the log with one line per request; the next warning says how many were held back.
 */
export function throttledWarning(
  warn: (details: { err: unknown; suppressed: number }, message: string) => void,
  everyMs = 60_000,
  now: () => number = Date.now,
) {
  let last = -Infinity;
  let suppressed = 0;
  return (err: unknown, message: string) => {
    const at = now();
    if (at - last < everyMs) {
      suppressed += 1;
      return;
    }
    warn({ err, suppressed }, message);
    last = at;
    suppressed = 0;
  };
}
