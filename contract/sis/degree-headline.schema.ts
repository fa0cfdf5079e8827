import { z } from 'zod';
import { orWarning } from './warning.schema.js';

const percentSchema = /* @__PURE__ */ z.number().min(0).max(100);

/**
 * The degree audit's headline figures (issue 92), the dashboard profile card's: the share of
 * requirements met and of credits earned (they differ), and the credits applied of those required.
 * The whole audit (degree-progress.schema.ts) carries the same fields.
 */
export const degreeHeadlineSchema = /* @__PURE__ */ z.object({
  percent_requirements: percentSchema,
  percent_credits: percentSchema,
  credits_applied: z.number().min(0),
  credits_required: z.number().min(0),
});
export type DegreeHeadline = z.infer<typeof degreeHeadlineSchema>;

/**
 * `GET /api/integrations/finti/degree-progress/headline`: the audit's headline, or the audit's
 * Warning when there is none on record.
 */
export const degreeHeadlineAnswerSchema = /* @__PURE__ */ orWarning(degreeHeadlineSchema);
export type DegreeHeadlineAnswer = z.infer<typeof degreeHeadlineAnswerSchema>;
