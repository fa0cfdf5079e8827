import { z } from 'zod';
import { orWarning } from './warning.schema.js';
import { SIS_HOLD_PROCESSES_MAX, SIS_HOLDS_MAX } from './list-ceilings.js';
import { calendarDateSchema, ynSchema } from './common.schema.js';

/** One hold on the student's account (next-steps.md §3 holds). */
export const holdSchema = /* @__PURE__ */ z.object({
  HOLD: z.string(),
  HOLDDESCRIPTION: z.string(),
  HOLDAMOUNT: z.number().min(0),
  HOLDFROMDATE: calendarDateSchema,
  HOLDTODATE: calendarDateSchema,
  HOLDORIGINATINGOFFICE: z.string(),
  HOLDORIGINATINGOFFICEDESCRIPTION: z.string(),
  HOLDRELEASEINDICATOR: ynSchema,
  PROCESSAFFECTED: z.array(z.string()).max(SIS_HOLD_PROCESSES_MAX),
  REASON: z.string().nullable(),
  /** Absent from a delegate's answer (issue 73: a delegate is never sent the student's number). */
  STUDENTID: z.string().optional(),
});
/** `GET /api/integrations/finti/holds`. */
export const holdsSchema = /* @__PURE__ */ z.array(holdSchema).max(SIS_HOLDS_MAX);
export type Hold = z.infer<typeof holdSchema>;

/** The read's answer: the data, or a Warning (contract/sis/integrations.schema.ts lists every read). */
export const holdsAnswerSchema = /* @__PURE__ */ orWarning(holdsSchema);
