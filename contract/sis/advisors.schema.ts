import { z } from 'zod';
import { orWarning } from './warning.schema.js';
import { SIS_ADVISORS_MAX } from './list-ceilings.js';
import { termCodeSchema, ynSchema } from './common.schema.js';

/** `GET /api/integrations/finti/advisor` (next-steps.md §3 advising). ADV_PRIM "Y" is the primary. */
export const advisorSchema = /* @__PURE__ */ z.object({
  ADV_NAME: z.string(),
  ADV_EMAIL_ADDRESS: z.string().nullable(),
  ADV_TERM_EFF: termCodeSchema,
  ADV_CODE: z.string(),
  ADV_CODE_DESC: z.string(),
  ADV_PRIM: ynSchema,
  ADV_PHOTO: z.string().nullable(),
});
export const advisorsSchema = /* @__PURE__ */ z.array(advisorSchema).max(SIS_ADVISORS_MAX);
export type Advisor = z.infer<typeof advisorSchema>;

/** The read's answer: the data, or a Warning (contract/sis/integrations.schema.ts lists every read). */
export const advisorAnswerSchema = /* @__PURE__ */ orWarning(advisorsSchema);
