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
