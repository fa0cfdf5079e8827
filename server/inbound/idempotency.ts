import { createHash } from 'node:crypto';

/** An idempotency record is kept this long (issue 60: 24 h). */
export const IDEMPOTENCY_MS = 24 * 3_600_000;

/**
 * What an idempotency key is bound to: the call's method and address and its body as the contract
 * read it, hashed. The same key with another hash is another request (422).
 */
export const requestHash = (method: string, url: string, body: unknown) =>
  createHash('sha256')
    .update(`${method} ${url}\n${JSON.stringify(body)}`)
    .digest('hex');
