import { z } from 'zod';
import { orWarning } from './warning.schema.js';
import { SIS_GPA_RECORDS_MAX } from './list-ceilings.js';

/** `GET /api/integrations/finti/gpa`: one record per GPA type and level (portal.md §3 GPA records). */
export const gpaRecordSchema = /* @__PURE__ */ z.object({
  GPATYPEINDICATOR: z.string(),
  LEVELCODE: z.enum(['GR', 'UG']),
  GPA: z.number().min(0).max(5),
});
export const gpaSchema = /* @__PURE__ */ z.array(gpaRecordSchema).max(SIS_GPA_RECORDS_MAX);
export type GpaRecord = z.infer<typeof gpaRecordSchema>;

/** The read's answer: the data, or a Warning (contract/sis/integrations.schema.ts lists every read). */
export const gpaAnswerSchema = /* @__PURE__ */ orWarning(gpaSchema);
