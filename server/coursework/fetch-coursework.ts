import https from 'node:https';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { LookupFunction } from 'node:net';
import type { FeedDocument } from '../feeds/fetch-feed.js';
import type { ReachableFeed } from './feed-address.js';

/** What a reading may cost: the same limits as the campus feeds (server/feeds/feed-limits.ts). */
export interface CourseworkFetchLimits {
  maxBytes: number;
  /** For the whole fetch, body included: a body that never ends is broken off then. */
  timeoutMs: number;
  /** Certificates trusted besides the public roots (tests give their server's). */
  ca?: string;
}

/** The validators of the last good reading, sent back so an unchanged feed costs nothing. */
export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

export type FetchOutcome =
  { changed: true; document: FeedDocument; validators: Validators } | { changed: false };

/**
 * A reading that failed. `status` is the LMS's HTTP status when it answered; `message` says why in
 * words a student can act on, and never contains the address.
 */
export class CourseworkFetchError extends Error {
  override name = 'CourseworkFetchError';
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

/** 401, 403, 404 and 410: the LMS no longer knows the address (reset, or the student left). */
export const isRefusal = (status: number | null) =>
  status === 401 || status === 403 || status === 404 || status === 410;

function get(target: ReachableFeed, limits: CourseworkFetchLimits, validators: Validators | null) {
  const { address, family } = target;
  // The connection goes to the one address checked; TLS still checks the certificate by name.
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const headers: Record<string, string> = {
    accept: 'text/calendar, */*;q=0.5',
    'user-agent': 'CampusPortal-CourseworkReader',
  };
  if (validators?.etag) headers['if-none-match'] = validators.etag;
  if (validators?.lastModified) headers['if-modified-since'] = validators.lastModified;
  const signal = AbortSignal.timeout(limits.timeoutMs);
  return {
    signal,
    response: new Promise<IncomingMessage>((resolve, reject) => {
      const request = https.request(
        target.url,
        {
          method: 'GET',
          agent: false,
          lookup,
          // SNI names a host, never an address literal (RFC 6066).
          ...(isIP(target.hostname) ? {} : { servername: target.hostname }),
          signal,
          headers,
          ...(limits.ca ? { ca: limits.ca } : {}),
        },
        resolve,
      );
      request.on('error', reject);
      request.end();
    }),
  };
}

async function readCapped(
  response: IncomingMessage,
  maxBytes: number,
  signal: AbortSignal,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  const abort = () => response.destroy(new Error('time limit'));
  signal.addEventListener('abort', abort, { once: true });
  try {
    for await (const chunk of response) {
      const part = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
      size += part.byteLength;
      if (size > maxBytes) {
        response.destroy();
        throw new CourseworkFetchError(
          `The calendar is larger than ${Math.round(maxBytes / 1024 / 1024)} MB, more than a course calendar holds.`,
        );
      }
      chunks.push(part);
    }
  } finally {
    signal.removeEventListener('abort', abort);
  }
  return Buffer.concat(chunks);
}

/**
 * Reads a student's LMS calendar once: no redirect followed (a feed address answers itself), at
 * most `maxBytes`, within `timeoutMs` for the whole of it, conditional on the last validators.
 */
export async function fetchCoursework(
  target: ReachableFeed,
  limits: CourseworkFetchLimits,
  validators: Validators | null,
): Promise<FetchOutcome> {
  const { signal, response: pending } = get(target, limits, validators);
  let response: IncomingMessage;
  try {
    response = await pending;
  } catch {
    throw new CourseworkFetchError(
      signal.aborted
        ? 'The course site did not answer in time.'
        : 'The course site could not be reached.',
    );
  }
  const status = response.statusCode ?? 0;
  if (status === 304 && validators) {
    response.resume();
    return { changed: false };
  }
  if (status < 200 || status > 299) {
    response.resume();
    throw new CourseworkFetchError(
      isRefusal(status)
        ? 'The course site no longer accepts this calendar link.'
        : `The course site answered with an error (HTTP ${status}).`,
      status,
    );
  }
  const declared = Number(response.headers['content-length'] ?? 0);
  if (declared > limits.maxBytes) {
    response.destroy();
    throw new CourseworkFetchError(
      `The calendar is larger than ${Math.round(limits.maxBytes / 1024 / 1024)} MB, more than a course calendar holds.`,
    );
  }
  let bytes: Buffer;
  try {
    bytes = await readCapped(response, limits.maxBytes, signal);
  } catch (err) {
    if (err instanceof CourseworkFetchError) throw err;
    throw new CourseworkFetchError(
      signal.aborted
        ? 'The course site took too long to send the calendar.'
        : 'The calendar broke off while it was being read.',
    );
  }
  const header = (name: string) => {
    const value = response.headers[name];
    return typeof value === 'string' && value.length <= 200 ? value : null;
  };
  return {
    changed: true,
    document: { bytes, contentType: header('content-type') },
    validators: { etag: header('etag'), lastModified: header('last-modified') },
  };
}
