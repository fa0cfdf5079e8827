/** What the Ethos client reads off the wire: bodies within a size, tokens' expiry, the error format. */
import { z } from 'zod';
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

export const isTimeout = (err: unknown) =>
  err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');

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

/** The body as text, refusing to hold more than `maxBytes` whatever the headers claimed. */
export async function readCapped(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return '';
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    size += part.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new Error(`over ${maxBytes} bytes`);
    }
    text += decoder.decode(part.value, { stream: true });
  }
  return text + decoder.decode();
}
