/** What the Ethos client reads off the wire: a failed request, tokens' expiry, the error format. */
import { z } from 'zod';
import { OutboundError } from '../../net/outbound.js';
import { SisError } from '../port.js';

/** The Ethos error format: `{"errors":[{code, description, message}]}`. */
export const errorsSchema = z.object({
  errors: z
    .array(
      z.object({
        code: z.string().max(200).optional(),
        description: z.string().max(1000).optional(),
        message: z.string().max(1000).optional(),
      }),
    )
    .max(50),
});

/** An Ethos call that failed: names the resource and Ethos's code, never the key nor the token. */
export class EthosError extends SisError {
  override name = 'EthosError';
  constructor(
    readonly resource: string,
    readonly status: number | null,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`ethos ${resource}`, message, options);
  }
}

/**
 * A request that gave no answer, as the read's error: a timeout names the read's deadline; a
 * redirect is an upstream error, never followed (a 3xx to an internal port is not a record).
 */
export function requestFailure(resource: string, err: unknown, timeoutMs: number): EthosError {
  const failure = err instanceof OutboundError ? err.failure : null;
  const status = err instanceof OutboundError ? err.status : null;
  const reason =
    failure === 'timeout'
      ? `no answer within ${timeoutMs} ms`
      : failure === 'redirect'
        ? `answered ${status ?? 'a redirect'} (a redirect, not followed)`
        : failure === 'too-large' || failure === 'broken'
          ? 'answer cut off or too large'
          : 'network error';
  return new EthosError(resource, status, reason, { cause: err });
}

/** The JWT's `exp` (seconds), when it carries one; an opaque token lasts what was asked for. */
export function expiryOf(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const exp = z.object({ exp: z.number() }).safeParse(claims);
    return exp.success ? exp.data.exp * 1000 : null;
  } catch {
    return null;
  }
}
