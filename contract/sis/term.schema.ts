import { z } from 'zod';
import { orWarning } from './warning.schema.js';
import { termCodeSchema } from './common.schema.js';

/** `GET /api/integrations/finti/current-term`: the term in effect (`p_term_out`) and the one to display. */
export const currentTermSchema = /* @__PURE__ */ z.object({
  p_term_out: termCodeSchema,
  display_term: termCodeSchema,
});
export type CurrentTerm = z.infer<typeof currentTermSchema>;

/** The read's answer: the data, or a Warning (contract/sis/integrations.schema.ts lists every read). */
export const currentTermAnswerSchema = /* @__PURE__ */ orWarning(currentTermSchema);
