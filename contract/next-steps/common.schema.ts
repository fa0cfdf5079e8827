import { z } from 'zod';
import { idTextSchema } from '../id.schema.js';
import { instantInputSchema } from '../instant.schema.js';

/** Times cross the wire as ISO-8601; an offset is accepted on the way in, UTC is sent back. */
export const isoTimeSchema = instantInputSchema;

/** A path id: a positive integer given as text, parsed strictly and bounded (contract/id.schema.ts). */
export const idParamsSchema = /* @__PURE__ */ z.object({ id: idTextSchema });
export type IdParams = z.infer<typeof idParamsSchema>;

/** A PATCH body must carry exactly one of the fields its schema allows. */
export function exactlyOne<T extends Record<string, unknown>>(fields: readonly string[]) {
  return (body: T, ctx: z.RefinementCtx) => {
    const given = Object.keys(body).filter((key) => body[key] !== undefined);
    if (given.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        message: `send exactly one of ${fields.join(', ')} (got ${given.length})`,
      });
    }
  };
}
