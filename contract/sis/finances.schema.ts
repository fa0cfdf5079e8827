import { z } from 'zod';
import { orWarning } from './warning.schema.js';
import { termCodeSchema, ynSchema } from './common.schema.js';

const usd = /* @__PURE__ */ z.number();

/** `GET /api/integrations/finti/financial-account-summary` (next-steps.md §3 Account summary). */
export const accountSummarySchema = /* @__PURE__ */ z.object({
  ENROLLED_PPLAN: ynSchema,
  PPLAN_TERM: termCodeSchema.nullable(),
  CHARGES_DETAIL: z.object({
    CHARGES_BALANCE: usd,
    CHARGES_PAYMENTS_RXD: usd,
    CHARGES_NEW_ACTIVITY: usd,
    CHARGES_ANTICIPATED_AID: usd,
    CHARGES_REFUNDS: usd,
    CHARGES_AMOUNT_DUE: usd,
  }),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;

/** The read's answer: the data, or a Warning (contract/sis/integrations.schema.ts lists every read). */
export const financialAccountSummaryAnswerSchema = /* @__PURE__ */ orWarning(accountSummarySchema);
