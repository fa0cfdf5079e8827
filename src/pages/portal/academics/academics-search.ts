import { z } from 'zod';
import { isTermCode } from '../../../lib/terms.js';

/**
 * `?term=` chooses the grades' term; anything but a term code (portal.md §3) is dropped. The router
 * reads `?term=202604` as a number, and writes a number back as plain digits, so it stays one here.
 */
export const academicsSearchSchema = z.object({
  term: z.coerce
    .number()
    .int()
    .refine((n) => isTermCode(String(n)))
    .optional()
    .catch(undefined),
});
