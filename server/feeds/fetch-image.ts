import http from 'node:http';
import type { IncomingMessage, RequestOptions } from 'node:http';
import https from 'node:https';
import { lookup } from 'node:dns';
import { isIP } from 'node:net';
import { isPublicAddress, PrivateAddressError, publicOnlyLookup } from '../net/public-address.js';

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

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The host of a URL as `http.request` and the address checks see it (IPv6 without brackets). */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();

/** The request options for `url`, or an error when its address may not be reached. */
function requestFor(url: URL, limits: ImageFetchLimits, signal: AbortSignal): RequestOptions {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ImageFetchError(`not an http(s) address: ${url.protocol}`);
  }
  if (url.username || url.password) throw new ImageFetchError('an address with credentials');
  const host = hostOf(url);
  const allowed = limits.privateHosts.has(host);
  if (isIP(host) && !allowed && !isPublicAddress(host)) {
    throw new PrivateAddressError(`${host} is not a public address`);
  }
  return {
    method: 'GET',
    signal,
    // No agent: a fresh connection each time, made through the checking lookup below.
    agent: false,
    lookup: allowed ? lookup : publicOnlyLookup,
    headers: {
      accept: [...IMAGE_TYPES].join(', '),
      'user-agent': 'CampusPortal-ImageFetcher',
    },
  };
}

function get(url: URL, options: RequestOptions): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, options, resolve);
    request.on('error', reject);
    request.end();
  });
}

/** The body, refusing to hold more than `maxBytes` whatever the headers claimed. */
async function readCapped(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    const part = chunk as Buffer;
    size += part.byteLength;
    if (size > maxBytes) {
      response.destroy();
      throw new ImageFetchError(`the image is over ${maxBytes} bytes`);
    }
    chunks.push(part);
  }
  return Buffer.concat(chunks);
}

/**
 * Fetches a feed's image on the server's side: http(s) only, public addresses only (checked on every
 * connection, redirects included, at most `maxRedirects` of them), an image type only, at most
 * `maxBytes`, within `timeoutMs` for the whole of it. Anything else is an ImageFetchError (or a
 * PrivateAddressError); no answer reaches the caller unchecked.
 */
export async function fetchImage(source: string, limits: ImageFetchLimits): Promise<FetchedImage> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let url = new URL(source);
  for (let redirects = 0; ; redirects += 1) {
    let response: IncomingMessage;
    try {
      response = await get(url, requestFor(url, limits, signal));
    } catch (err) {
      if (err instanceof ImageFetchError || err instanceof PrivateAddressError) throw err;
      throw new ImageFetchError(`the image host did not answer (${url.host})`, { cause: err });
    }
    const status = response.statusCode ?? 0;
    if (REDIRECTS.has(status)) {
      response.resume();
      const location = response.headers.location;
      if (!location) throw new ImageFetchError(`HTTP ${status} without a Location`);
      if (redirects >= limits.maxRedirects) {
        throw new ImageFetchError(`more than ${limits.maxRedirects} redirects`);
      }
      url = new URL(location, url);
      continue;
    }
    if (status < 200 || status > 299) {
      response.resume();
      throw new ImageFetchError(`the image host answered HTTP ${status}`);
    }
    const contentType = (response.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim()
      .toLowerCase();
    if (!IMAGE_TYPES.has(contentType)) {
      response.destroy();
      throw new ImageFetchError(`not an image type: ${contentType || 'none'}`);
    }
    const declared = Number(response.headers['content-length'] ?? 0);
    if (declared > limits.maxBytes) {
      response.destroy();
      throw new ImageFetchError(`the image is too large (${declared} bytes)`);
    }
    try {
      return { bytes: await readCapped(response, limits.maxBytes), contentType };
    } catch (err) {
      if (err instanceof ImageFetchError) throw err;
      throw new ImageFetchError('the image broke off', { cause: err });
    }
  }
}
