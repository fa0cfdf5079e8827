import { z } from 'zod';

/** The largest id a PostgreSQL `integer` column holds. */
export const MAX_ID = 2_147_483_647;

/**
 * A path or query id: decimal digits only, no sign, no leading zero, no space, no hex, no exponent,
 * and within PostgreSQL's integer. `+1`, `0x10`, ` 1`, `1e3` and `2147483648` are all refused.
 */
export const idTextSchema = /* @__PURE__ */ z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'must be a positive whole number')
  .transform(Number)
  .refine((n) => n <= MAX_ID, `must be at most ${MAX_ID}`);

/** An id in a JSON body (a number there, bounded the same way). */
export const idNumberSchema = /* @__PURE__ */ z.number().int().min(1).max(MAX_ID);

/** A count or offset of a query: digits only, bounded. */
export const countTextSchema = /* @__PURE__ */ z
  .string()
  .regex(/^(0|[1-9][0-9]{0,9})$/, 'must be a whole number')
  .transform(Number)
  .refine((n) => n <= MAX_ID, `must be at most ${MAX_ID}`);
