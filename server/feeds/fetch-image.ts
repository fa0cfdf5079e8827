import { outbound, OutboundError } from '../net/outbound.js';

/** What the server accepts from a feed's image host. */
export interface ImageFetchLimits {
  /** Bytes of the answer as sent; a bigger one is broken off while it streams. */
  maxBytes: number;
  /** For the whole fetch, redirects included. */
  timeoutMs: number;
  /** Redirects followed, each checked as the first address was. */
  maxRedirects: number;
  /**
   * Host names (or address literals) reached although they are not public: an image host on the
   * campus network. Empty by default: every other name must resolve to public addresses only.
   */
  privateHosts: ReadonlySet<string>;
}

export const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

/** An image that could not be fetched, or was refused; `message` says why, for the log. */
export class ImageFetchError extends Error {
  override name = 'ImageFetchError';
}

export interface FetchedImage {
  bytes: Buffer;
  contentType: string;
}

/**
 * Fetches a feed's image on the server's side through the bounded outbound request
 * (`net/outbound.ts`): http(s) only, public addresses only save `privateHosts` (checked on every
 * connection, redirects included, at most `maxRedirects` of them), an image type only (refused by
 * its headers, before its body), at most `maxBytes`, within `timeoutMs` for the whole of it.
 * Anything else is an ImageFetchError; no answer reaches the caller unchecked.
 */
export async function fetchImage(source: string, limits: ImageFetchLimits): Promise<FetchedImage> {
  let contentType = '';
  try {
    const answer = await outbound({
      url: source,
      reach: 'public',
      privateHosts: limits.privateHosts,
      redirects: limits.maxRedirects,
      limits: { maxBytes: limits.maxBytes, timeoutMs: limits.timeoutMs, maxErrorBytes: 0 },
      headers: {
        accept: [...IMAGE_TYPES].join(', '),
        'user-agent': 'CampusPortal-ImageFetcher',
      },
      inspect: (status, headers) => {
        if (status < 200 || status > 299) {
          throw new ImageFetchError(`the image host answered HTTP ${status}`);
        }
        contentType = (headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
        if (!IMAGE_TYPES.has(contentType)) {
          throw new ImageFetchError(`not an image type: ${contentType || 'none'}`);
        }
      },
    });
    return { bytes: answer.body, contentType };
  } catch (err) {
    if (err instanceof ImageFetchError) throw err;
    if (err instanceof OutboundError) {
      throw new ImageFetchError(`${err.message} (${err.failure})`, { cause: err });
    }
    throw new ImageFetchError('the image host did not answer', { cause: err });
  }
}
