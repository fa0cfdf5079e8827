import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from './errors.js';
import { counterStore } from '../rate-limit-store.js';
import { SESSION_COOKIE, TOKEN_HEADER, hash, tokenFor } from '../session-tokens.js';

/**
 * Routes counted per address, each family on a counter of its own: sign-in attempts; the start of a
 * sign-in (it sends the browser to the provider); the IdP's single logout address (its requests are
 * signed and verified, an anonymous link to it costs a signature check). Attempts and logout have the
 * sign-in limit; the start, which writes nothing (its pending request is a sealed cookie), has the
 * API's, so a page that shows the sign-in form again and again never runs out before the attempts.
 */
const PER_ADDRESS_ROUTES = new Map([
  ['POST /auth/demo-sign-in', 'sign-in'],
  ['GET /auth/callback', 'sign-in'],
  ['POST /auth/saml/acs', 'sign-in'],
  ['GET /auth/login', 'sign-in-start'],
  ['GET /auth/saml/slo', 'saml-logout'],
  // A delegate's sign-in (issue 73): its links and the email it sends, counted as sign-in attempts.
  ['POST /auth/delegate/link', 'sign-in'],
  ['POST /auth/delegate/accept', 'sign-in'],
  ['POST /auth/delegate/sign-in', 'sign-in'],
]);
const PER_ADDRESS_PATHS = new Set(
  [...PER_ADDRESS_ROUTES.keys()].map((route) => route.split(' ')[1]),
);
const PER_ADDRESS_PREFIXES = [...new Set(PER_ADDRESS_ROUTES.values())].map(
  (family) => `${family}:`,
);
const UNLIMITED = 'unlimited';
/** The personal calendar feed: its secret address is its credential. */
const CALENDAR_ROUTE = '/calendar/:file';
/** A session id is 43 characters; a longer cookie is no session and is not hashed. */
const MAX_SESSION_COOKIE = 128;
/** How many credentials' hashes the limiter remembers. */
const HASH_MEMO_LIMIT = 10_000;
const WINDOW_MS = 60_000;
/** The inbound API's paths (issue 60): limited per publisher key. */
const INBOUND_PREFIX = '/api/inbound/';

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
  /** Each inbound publisher key's calls (issue 60). */
  inboundPerMinute: number;
}

class RateLimitError extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
  }
}

const tooMany = (seconds: number) =>
  `Too many requests: try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;

/**
 * Sign-in attempts are counted per address; API and admin calls per session (per address without
 * one); personal calendar feeds per calendar address. Pages, assets and health checks are not limited.
 * Excess answers 429 `{"detail"}` with Retry-After.
 *
 * Every request is counted in one root onRequest hook, before any route's guard: a request the guard
 * refuses counts like any other. The session is taken as the request claims it, never looked up here
 * (its token, hashed; a cookie's session id gives the same token, so cookie and token calls count
 * together). A claimed session the guard then refuses (401) counts once more against the address, so
 * a flood of made-up tokens is limited too; past the limit those refusals answer 429.
 *
 * Counters live in this process, or in Redis when REDIS_URL is set so every process counts together;
 * while Redis does not answer, each process counts in itself (rate-limit-store.ts), with one warning
 * per outage.
 */
export default fp(
  async function rateLimits(app: FastifyInstance) {
    const opts: RateLimits = app.config.rateLimit;
    /**
     * The counter of the session the request claims (`session:` and its token, hashed), whether or
     * not the session exists. A token is remembered under its whole `Authorization` header, a string
     * the request already holds (it starts `Token `, so it never meets a cookie's `id:` key).
     */
    function claimedSession(request: FastifyRequest): string | undefined {
      const header = request.headers.authorization;
      if (header) {
        const known = header.startsWith('Token ') ? hashed.get(header) : undefined;
        if (known !== undefined) return known;
        const token = TOKEN_HEADER.exec(header)?.[1];
        return token && hashOnce(header, () => `session:${hash(token)}`);
      }
      const cookies = request.headers.cookie;
      if (!cookies?.includes(`${SESSION_COOKIE}=`)) return undefined;
      const sessionId = app.parseCookie(cookies)[SESSION_COOKIE];
      if (!sessionId || sessionId.length > MAX_SESSION_COOKIE) return undefined;
      return hashOnce(`id:${sessionId}`, () => `session:${hash(tokenFor(sessionId))}`);
    }

    /**
     * The counter of each credential seen lately: a session's every call shows the same token, and
     * hashing it again per request was a measurable part of a cached read's cost. Bounded like the
     * session memo (emptied when full).
     */
    const hashed = new Map<string, string>();
    function hashOnce(credential: string, derive: () => string): string {
      let known = hashed.get(credential);
      if (known === undefined) {
        if (hashed.size >= HASH_MEMO_LIMIT) hashed.clear();
        hashed.set(credential, (known = derive()));
      }
      return known;
    }

    function keyOf(request: FastifyRequest): string {
      const url = request.routeOptions.url;
      // The route's path first: the method is joined to it only on a counted route's path.
      if (url !== undefined && PER_ADDRESS_PATHS.has(url)) {
        const family = PER_ADDRESS_ROUTES.get(`${request.method} ${url}`);
        if (family !== undefined) return `${family}:${request.ip}`;
      }
      if (url === CALENDAR_ROUTE) return calendarKey(request);
      // An address no route answers is counted by its path: a flood of unknown API addresses too.
      const path = url ?? request.url.split('?', 1)[0] ?? '';
      if (!isApiPath(path) && !path.startsWith('/admin')) return UNLIMITED;
      if (path.startsWith(INBOUND_PREFIX)) return inboundKey(request);
      return claimedSession(request) ?? `address:${request.ip}`;
    }

    /** An inbound call is counted per publisher key (hashed), whether or not the key is live. */
    function inboundKey(request: FastifyRequest): string {
      const header = request.headers.authorization;
      if (!header?.startsWith('Bearer ')) return `address:${request.ip}`;
      return hashOnce(header, () => `inbound:${hash(header)}`);
    }

    const maxFor = (key: string) =>
      key.startsWith('sign-in-start:')
        ? opts.apiPerMinute
        : PER_ADDRESS_PREFIXES.some((prefix) => key.startsWith(prefix))
          ? opts.signInPerMinute
          : key.startsWith('inbound:')
            ? opts.inboundPerMinute
            : opts.apiPerMinute;

    const store = counterStore(app.redis, `${app.config.redis.keyPrefix}rate-limit:`, {
      outage: (err) =>
        app.log.warn(
          { err },
          'Redis is unavailable: rate limits are counted in each process until it is back',
        ),
      back: () => app.log.info('Redis is back: rate limits are counted in Redis again'),
    });

    await app.register(rateLimit, {
      // Routes with limits of their own (`config.rateLimit`) get them from the library, after the
      // count below; every other request is counted by the hook below alone.
      global: false,
      timeWindow: WINDOW_MS,
      store,
      keyGenerator: keyOf,
      allowList: (_request, key) => key === UNLIMITED,
      max: (_request, key) => maxFor(key),
      // The browser needs no running count: headers only on the 429 itself (with Retry-After).
      addHeadersOnExceeding: {
        'x-ratelimit-limit': false,
        'x-ratelimit-remaining': false,
        'x-ratelimit-reset': false,
      },
      errorResponseBuilder: (_request, context) =>
        new RateLimitError(`Too many requests: try again in ${context.after}.`, context.statusCode),
      skipOnError: true,
    });

    // The count of every request, straight on the store (the library's limiter would take several
    // promise turns per request for the same count); a store that fails lets the request through,
    // as `skipOnError` does for the library.
    const counter = new store({});
    app.addHook('onRequest', function countRequest(request, reply, done) {
      const key = keyOf(request);
      if (key === UNLIMITED) return done();
      const max = maxFor(key);
      counter.incr(
        key,
        (err, counted) => {
          if (err || !counted || counted.current <= max) return done();
          const seconds = Math.ceil(counted.ttl / 1000);
          void reply.header('retry-after', seconds);
          done(new RateLimitError(tooMany(seconds), 429));
        },
        WINDOW_MS,
        max,
      );
    });

    const countRefused = app.createRateLimit({
      keyGenerator: (request) => `refused:${request.ip}`,
      max: opts.apiPerMinute,
    });
    async function refused(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
      const counted = await countRefused(request);
      if (counted.isAllowed || !counted.isExceeded) return payload;
      void reply
        .code(429)
        .header('retry-after', counted.ttlInSeconds)
        .header('content-type', 'application/json; charset=utf-8');
      return JSON.stringify({ detail: tooMany(counted.ttlInSeconds) });
    }
    // A plain hook: every answer passes here, and only a refused one (401) waits for a count.
    app.addHook('onSend', function countRefusal(request, reply, payload, done) {
      if (reply.statusCode !== 401 || !claimedSession(request)) return done(null, payload);
      refused(request, reply, payload).then((answer) => done(null, answer), done);
    });
  },
  { name: 'rate-limit', dependencies: ['db', 'redis', 'maintenance'] },
);
