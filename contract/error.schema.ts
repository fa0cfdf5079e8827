import { z } from 'zod';

/** Every 4xx/5xx answer of the API. `component` names the integration that failed, when one did. */
export const errorSchema = /* @__PURE__ */ z.object({
  detail: z.string(),
  component: z.string().optional(),
});
export type ApiError = z.infer<typeof errorSchema>;

/**
 * The 403 answer's detail to a change asked by someone who only reads the record (issue 73: a staff
 * member in support, a delegate).
 */
export const READ_ONLY_DETAIL =
  'This record is read only for you: you are not acting as its owner.';

/**
 * The 403 answer's detail to a read a staff member in support may not make while viewing a
 * student's record (issue 88: the route declares `support: null`).
 */
export const NOT_WHILE_VIEWING_DETAIL =
  'This is not shown while you view a student’s record: it is theirs alone.';
