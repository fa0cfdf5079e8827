import { z } from 'zod';
import { idTextSchema } from '../id.schema.js';

/** How many weeks back the reach dashboard looks: at least one, at most half a year. */
export const REACH_WEEKS = { min: 1, max: 26, default: 8 } as const;

/** The choices the dashboard's form offers (any whole number within the bounds is accepted). */
export const REACH_WEEK_CHOICES = [4, 8, 13, 26] as const;

const weeksSchema = /* @__PURE__ */ z
  .string()
  .regex(/^[1-9][0-9]?$/, 'must be a whole number of weeks')
  .transform(Number)
  .refine(
    (n) => n >= REACH_WEEKS.min && n <= REACH_WEEKS.max,
    `must be from ${REACH_WEEKS.min} to ${REACH_WEEKS.max} weeks`,
  );

/**
 * `GET /admin/reach?weeks=&type=` and its CSV exports: the window in weeks (bounded: a longer one is
 * refused, 400) and, for the charts, one student type's id (empty: every student).
 */
export const reachQuerySchema = /* @__PURE__ */ z.object({
  weeks: weeksSchema.optional().transform((n) => n ?? REACH_WEEKS.default),
  type: z
    .union([z.literal(''), idTextSchema])
    .optional()
    .transform((t) => (t === '' ? undefined : t)),
});
export type ReachQuery = z.infer<typeof reachQuerySchema>;
