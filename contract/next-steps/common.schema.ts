import { z } from 'zod';

/** Times cross the wire as ISO-8601; an offset is accepted on the way in, UTC is sent back. */
export const isoTimeSchema = z.iso.datetime({ offset: true });

/** A path id: a positive integer given as text. */
export const idParamsSchema = z.object({ id: z.coerce.number().int().positive() });
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
