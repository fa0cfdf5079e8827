import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { CacheStatus } from '../cache/read-through.js';
import { outbound, OutboundError } from '../net/outbound.js';
import type { OutboundAnswer } from '../net/outbound.js';
import { DEFAULT_FEED_LIMITS } from './feed-limits.js';

/** The largest feed the server reads (bytes); a bigger answer is a broken upstream, not a feed. */
export const MAX_FEED_BYTES = DEFAULT_FEED_LIMITS.bytes;

/** A feed could not be read or parsed. `component` names it in the 500 answer and in the logs. */
export class FeedError extends Error {
  override name = 'FeedError';
  constructor(
    readonly component: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${component}: ${message}`, options);
  }
}

/** A feed document as fetched: its bytes (characters are decoded by the reader) and Content-Type. */
export interface FeedDocument {
  bytes: Uint8Array;
  contentType: string | null;
}

/** Redirects a configured feed may take (an address moved to https, or to its new host). */
export const FEED_REDIRECTS = 3;

/**
 * Reads a feed over HTTP(S) through the bounded outbound request (`net/outbound.ts`), giving up
 * after `timeoutMs` (connection and body alike); a non-2xx answer or a body over `maxBytes` is a
 * FeedError. The address is the operator's configuration, so it may be on the campus network; at
 * most 3 redirects are followed.
 */
export async function fetchFeed(
  component: string,
  url: string,
  timeoutMs: number,
  maxBytes = MAX_FEED_BYTES,
): Promise<FeedDocument> {
  let answer: OutboundAnswer;
  try {
    answer = await outbound({
      url,
      reach: 'configured',
      redirects: FEED_REDIRECTS,
      limits: { maxBytes, timeoutMs, maxErrorBytes: 0 },
      headers: {
        accept:
          'application/rss+xml, application/atom+xml, text/calendar, application/xml;q=0.9, */*;q=0.5',
      },
    });
  } catch (err) {
    if (err instanceof OutboundError && err.failure === 'too-large') {
      throw new FeedError(component, 'the feed is too large', { cause: err });
    }
    if (err instanceof OutboundError && err.status !== null && err.failure !== 'redirect') {
      throw new FeedError(component, 'the feed broke off', { cause: err });
    }
    throw new FeedError(component, 'the feed did not answer', { cause: err });
  }
  if (answer.status < 200 || answer.status > 299) {
    throw new FeedError(component, `the feed answered HTTP ${answer.status}`);
  }
  return { bytes: answer.body, contentType: answer.headers.get('content-type') };
}

/** Every feed's cache key starts with this: feeds are shared by everyone, not kept per user. */
export const FEED_CACHE_PREFIX = 'feed:';

/**
 * A feed's cache key: its name and a digest of the address it is read from (`sample` for the bundled
 * sample). The campus configuration is read at start, so a changed address comes with a restart: the
 * restarted process, and every other on the new configuration, reads a key no copy of the old address
 * is under, and fetches the new address at once, from an in-process or a shared (Redis) store alike.
 * A process still on the old configuration (a rolling restart) keeps its own key meanwhile; the old
 * copies are read by no one and expire on their own (24 hours at most). The address is a version key:
 * no announcement between processes is needed, and none can be missed.
 */
export const feedCacheKey = (name: string, url: string | null) =>
  `${FEED_CACHE_PREFIX}${name}:${url === null ? 'sample' : createHash('sha256').update(url).digest('hex').slice(0, 16)}`;

/**
 * A feed through the shared answer cache (Redis when configured): fresh for `freshMs`, loaded once
 * however many requests wait, and while the source fails, the copy of the last 24 hours (stale) read
 * from the same address.
 */
export async function readFeed<S extends z.ZodType>(
  app: FastifyInstance,
  feed: { name: string; url: string | null },
  freshMs: number,
  schema: S,
  load: () => Promise<z.output<S>>,
): Promise<{ value: z.output<S>; status: CacheStatus }> {
  // What the cache hands back may have crossed Redis: it is checked again, not trusted.
  return app.cache.read(feedCacheKey(feed.name, feed.url), freshMs, load, schema);
}
