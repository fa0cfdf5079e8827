import { HTTPError, TimeoutError } from 'ky';

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

export function statusOf(error: unknown): number | undefined {
  if (error instanceof HTTPError) return error.response.status;
  if (error instanceof HttpStatusError) return error.status;
  return undefined;
}

/** portal.md §4: a network error or HTTP 502, 503 or 504 means the portal itself is unreachable. */
export function isOutage(error: unknown): boolean {
  const status = statusOf(error);
  if (status !== undefined) return [502, 503, 504].includes(status);
  // fetch rejects with a TypeError when the network fails.
  return error instanceof TimeoutError || error instanceof TypeError;
}
