import { randomBytes } from 'node:crypto';

/**
 * Request ids unique across processes and restarts without a random draw per request: a random
 * prefix per process and a counter. An incoming `X-Request-Id` is never trusted (a client could
 * forge one to blur the logs); the id is returned to the browser in `X-Request-Id`.
 */
export function requestIds(): () => string {
  const prefix = randomBytes(6).toString('base64url');
  let next = 0;
  return () => `${prefix}-${(next++).toString(36)}`;
}

export const REQUEST_ID_HEADER = 'x-request-id';
