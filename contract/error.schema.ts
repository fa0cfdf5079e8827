import { z } from 'zod';

/** Every 4xx/5xx answer of the API. `component` names the integration that failed, when one did. */
export const errorSchema = /* @__PURE__ */ z.object({
  detail: z.string(),
  component: z.string().optional(),
});
export type ApiError = z.infer<typeof errorSchema>;
