import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from './errors.js';

/** Routes where each request is one sign-in attempt. */
const SIGN_IN_ROUTES = new Set(['POST /auth/demo-sign-in', 'GET /auth/callback']);
const UNLIMITED = 'unlimited';
/** The personal calendar feed: its secret address is its credential. */
const CALENDAR_ROUTE = '/calendar/:file';

/** Calendar apps poll from shared addresses (a whole provider's), so each address is counted alone. */
function calendarKey(request: FastifyRequest): string {
  const params: unknown = request.params;
  const file =
    typeof params === 'object' && params !== null && 'file' in params ? String(params.file) : '';
  return `calendar:${createHash('sha256').update(file).digest('base64url')}`;
}

export interface RateLimits {
  signInPerMinute: number;
  apiPerMinute: number;
}

class RateLimitError extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
  }
}

/**
 * Sign-in attempts are counted per address; API calls per session (per address before sign-in);
 * personal calendar feeds per calendar address.
 * Pages, assets and health checks are not limited. Excess answers 429 `{"detail"}` with Retry-After.
 * Counters live in this process, or in Redis when REDIS_URL is set so every process counts together;
 * a Redis that does not answer lets requests through rather than failing them.
 */
export default fp(
  async function rateLimits(app: FastifyInstance, opts: RateLimits) {
    async function keyOf(request: FastifyRequest): Promise<string> {
      const route = `${request.method} ${request.routeOptions.url ?? ''}`;
      if (SIGN_IN_ROUTES.has(route)) return `sign-in:${request.ip}`;
      const path = request.routeOptions.url ?? '';
      if (path === CALENDAR_ROUTE) return calendarKey(request);
      if (!isApiPath(path) && path !== '/api' && !path.startsWith('/admin')) return UNLIMITED;
      const auth = request.headers.authorization
        ? await app.sessions.fromToken(request)
        : await app.sessions.fromCookie(request);
      return auth ? `session:${auth.session.idHash}` : `address:${request.ip}`;
    }

    await app.register(rateLimit, {
      global: true,
      hook: 'onRequest',
      timeWindow: 60_000,
      keyGenerator: keyOf,
      allowList: (_request, key) => key === UNLIMITED,
      max: (_request, key) =>
        key.startsWith('sign-in:') ? opts.signInPerMinute : opts.apiPerMinute,
      // The browser needs no running count: headers only on the 429 itself (with Retry-After).
      addHeadersOnExceeding: {
        'x-ratelimit-limit': false,
        'x-ratelimit-remaining': false,
        'x-ratelimit-reset': false,
      },
      errorResponseBuilder: (_request, context) =>
        new RateLimitError(`Too many requests: try again in ${context.after}.`, context.statusCode),
      ...(app.redis
        ? {
            redis: app.redis,
            nameSpace: `${app.config.redis.keyPrefix}rate-limit:`,
            skipOnError: true,
          }
        : {}),
    });
  },
  { name: 'rate-limit', dependencies: ['db', 'redis'] },
);
