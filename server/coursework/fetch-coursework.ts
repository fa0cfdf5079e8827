import { english } from '../i18n/said.js';
import type { Said } from '../i18n/said.js';
import { outbound, OutboundError } from '../net/outbound.js';
import type { OutboundAnswer } from '../net/outbound.js';
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
    /** The sentence, said in the reader's language when it is an answer's `detail`. */
    readonly said: Said,
    readonly status: number | null = null,
  ) {
    super(english(said));
  }
}

const httpError = (status: number | null): Said => {
  return /*i18n*/ {
    id: 'coursework.fetch.http-error',
    message: 'The course site answered with an error (HTTP {status}).',
    values: { status: String(status) },
  };
};

/** 401, 403, 404 and 410: the LMS no longer knows the address (reset, or the student left). */
export const isRefusal = (status: number | null) =>
  status === 401 || status === 403 || status === 404 || status === 410;

const tooLarge = (maxBytes: number) =>
  new CourseworkFetchError(
    /*i18n*/ {
      id: 'coursework.fetch.too-large',
      message: 'The calendar is larger than {mb} MB, more than a course calendar holds.',
      values: { mb: String(Math.round(maxBytes / 1024 / 1024)) },
    },
  );

/** A failed request in words a student can act on. */
function fetchErrorOf(err: OutboundError, maxBytes: number): CourseworkFetchError {
  const answered = err.status !== null;
  switch (err.failure) {
    case 'too-large':
      return tooLarge(maxBytes);
    case 'redirect':
      return new CourseworkFetchError(httpError(err.status), err.status);
    case 'timeout':
      return new CourseworkFetchError(
        answered
          ? /*i18n*/ {
              id: 'coursework.fetch.slow',
              message: 'The course site took too long to send the calendar.',
            }
          : /*i18n*/ {
              id: 'coursework.fetch.no-answer',
              message: 'The course site did not answer in time.',
            },
      );
    case 'broken':
      return new CourseworkFetchError(
        /*i18n*/ {
          id: 'coursework.fetch.broken',
          message: 'The calendar broke off while it was being read.',
        },
      );
    default:
      return new CourseworkFetchError(
        /*i18n*/ {
          id: 'coursework.fetch.unreachable',
          message: 'The course site could not be reached.',
        },
      );
  }
}

/**
 * Reads a student's LMS calendar once through the bounded outbound request (`net/outbound.ts`),
 * connected to the one address `checkFeedAddress` checked: no redirect followed (a feed address
 * answers itself), at most `maxBytes`, within `timeoutMs` for the whole of it, conditional on the
 * last validators.
 */
export async function fetchCoursework(
  target: ReachableFeed,
  limits: CourseworkFetchLimits,
  validators: Validators | null,
): Promise<FetchOutcome> {
  const headers: Record<string, string> = {
    accept: 'text/calendar, */*;q=0.5',
    'user-agent': 'CampusPortal-CourseworkReader',
  };
  if (validators?.etag) headers['if-none-match'] = validators.etag;
  if (validators?.lastModified) headers['if-modified-since'] = validators.lastModified;
  let answer: OutboundAnswer;
  try {
    answer = await outbound({
      url: target.url,
      reach: 'public',
      pinned: { address: target.address, family: target.family },
      headers,
      limits: { maxBytes: limits.maxBytes, timeoutMs: limits.timeoutMs, maxErrorBytes: 0 },
      ...(limits.ca ? { ca: limits.ca } : {}),
    });
  } catch (err) {
    if (err instanceof OutboundError) throw fetchErrorOf(err, limits.maxBytes);
    throw err;
  }
  const { status } = answer;
  if (status === 304 && validators) return { changed: false };
  if (status < 200 || status > 299) {
    throw new CourseworkFetchError(
      isRefusal(status)
        ? /*i18n*/ {
            id: 'coursework.fetch.refused',
            message: 'The course site no longer accepts this calendar link.',
          }
        : httpError(status),
      status,
    );
  }
  const header = (name: string) => {
    const value = answer.headers.get(name);
    return value !== null && value.length <= 200 ? value : null;
  };
  return {
    changed: true,
    document: { bytes: answer.body, contentType: header('content-type') },
    validators: { etag: header('etag'), lastModified: header('last-modified') },
  };
}
