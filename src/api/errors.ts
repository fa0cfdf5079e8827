import { HTTPError } from 'ky';
import { READ_ONLY_DETAIL } from '../../contract/error.schema.js';

/** portal.md §4: the answers that mean the portal itself is unreachable (error state 3). */
export const OUTAGE_STATUSES: readonly number[] = [502, 503, 504];

/** An answer with a failing status that the caller read itself (ky's own HTTPError covers the rest). */
export class HttpStatusError extends Error {
  override name = 'HttpStatusError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The network failed under a call: fetch rejected (a refused or dropped connection). The client
 * throws this in place of fetch's TypeError, so a TypeError from code reading an answer is a bug
 * and not an outage.
 */
export class NetworkError extends Error {
  override name = 'NetworkError';
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : 'Network request failed', { cause });
  }
}

export function statusOf(error: unknown): number | undefined {
  if (error instanceof HTTPError) return error.response.status;
  if (error instanceof HttpStatusError) return error.status;
  return undefined;
}

/**
 * portal.md §4: a network failure, a timeout, or HTTP 502, 503 or 504: the portal is unreachable.
 * The client throws a timeout as a NetworkError too (client.ts keeps the time, not ky). An answer
 * its contract schema refuses (a ZodError) reached the portal: a failed call of its section, never
 * an outage.
 */
export function isOutage(error: unknown): boolean {
  const status = statusOf(error);
  if (status !== undefined) return OUTAGE_STATUSES.includes(status);
  return error instanceof NetworkError;
}

/** The refusals `markReadOnlyRefusal` found, by error. */
const readOnlyRefusals = new WeakSet<object>();

/**
 * Issue 87: a change the server refused because the reader only reads the record (403 with
 * `READ_ONLY_DETAIL`: support viewing as the student). It is told as the read-only reason, never as
 * trouble connecting, and counts as no failure of the connection.
 */
export const isReadOnlyRefusal = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && readOnlyRefusals.has(error);

/** ky's `beforeError` hook: notes a 403 whose detail is `READ_ONLY_DETAIL` (read from a copy). */
export async function markReadOnlyRefusal(error: HTTPError): Promise<HTTPError> {
  if (error.response.status !== 403) return error;
  const body: unknown = await error.response
    .clone()
    .json()
    .catch(() => null);
  if (
    typeof body === 'object' &&
    body !== null &&
    'detail' in body &&
    body.detail === READ_ONLY_DETAIL
  )
    readOnlyRefusals.add(error);
  return error;
}
