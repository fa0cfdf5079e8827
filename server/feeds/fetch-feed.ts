import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { CacheStatus } from '../cache/read-through.js';
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

/**
 * Reads a feed over HTTP(S), giving up after `timeoutMs` (connection and body alike); a non-2xx
 * answer or a body over `maxBytes` is a FeedError.
 */
export async function fetchFeed(
  component: string,
  url: string,
  timeoutMs: number,
  maxBytes = MAX_FEED_BYTES,
): Promise<FeedDocument> {
  let response: Response;
  try {
    response = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        accept:
          'application/rss+xml, application/atom+xml, text/calendar, application/xml;q=0.9, */*;q=0.5',
      },
    });
  } catch (err) {
    throw new FeedError(component, 'the feed did not answer', { cause: err });
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new FeedError(component, `the feed answered HTTP ${response.status}`);
  }
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new FeedError(component, `the feed is too large (${declared} bytes)`);
  }
  try {
    return {
      bytes: await readCapped(response, maxBytes),
      contentType: response.headers.get('content-type'),
    };
  } catch (err) {
    throw new FeedError(component, 'the feed broke off or is too large', { cause: err });
  }
}

/** The body's bytes, refusing to hold more than `maxBytes` whatever the headers claimed. */
async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    size += part.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Error(`the feed is over ${maxBytes} bytes`);
    }
    chunks.push(part.value);
  }
  return Buffer.concat(chunks);
}

/** Every feed's cache key starts with this: feeds are shared by everyone, not kept per user. */
export const FEED_CACHE_PREFIX = 'feed:';

/**
 * A feed through the shared answer cache (Redis when configured): fresh for `freshMs`, loaded once
 * however many requests wait, and while the source fails, the copy of the last 24 hours (stale).
 */
export async function readFeed<S extends z.ZodType>(
  app: FastifyInstance,
  name: string,
  freshMs: number,
  schema: S,
  load: () => Promise<z.output<S>>,
): Promise<{ value: z.output<S>; status: CacheStatus }> {
  // What the cache hands back may have crossed Redis: it is checked again, not trusted.
  return app.cache.read(`${FEED_CACHE_PREFIX}${name}`, freshMs, load, schema);
}
