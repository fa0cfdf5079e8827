import { z } from 'zod';
import { orWarning } from './warning.schema.js';
import { SIS_AID_YEARS_MAX } from './list-ceilings.js';
import { ynSchema } from './common.schema.js';

/** One aid year of the financial aid detail; DISPLAY_AIDY is the label ("2026-2027"). */
export const aidYearSchema = /* @__PURE__ */ z.object({
  AIDY: z.string().regex(/^\d{4}$/),
  DISPLAY_AIDY: z.string(),
  FAFSA_DESC: z.string(),
  FAFSA_IND: ynSchema,
  STUREQ_DESC: z.string(),
  STUREQ_IND: ynSchema,
  SAP_IND: ynSchema,
  SAP_CODE: z.string(),
  SAP_DESC: z.string(),
});

/** `GET /api/integrations/finti/financial-aid-info` (next-steps.md §3 Financial aid). */
export const financialAidSchema = /* @__PURE__ */ z.object({
  FINAID_DETAIL: z.array(aidYearSchema).max(SIS_AID_YEARS_MAX),
  FINAID_MSG: z.string().nullable(),
});
export type FinancialAid = z.infer<typeof financialAidSchema>;

/** The read's answer: the data, or a Warning (contract/sis/integrations.schema.ts lists every read). */
export const financialAidInfoAnswerSchema = /* @__PURE__ */ orWarning(financialAidSchema);
