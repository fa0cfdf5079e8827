import { z } from 'zod';
import { orWarning } from './warning.schema.js';
import { SIS_NUDGES_MAX } from './list-ceilings.js';
import { instantSchema } from './common.schema.js';

/** portal.md §3 nudge types, plus CONTACT_INFO of the demo sample (next-steps.md §3). */
export const nudgeTypeSchema = /* @__PURE__ */ z.enum([
  'APC',
  'DEPOSIT_INIT',
  'DEPOSIT_CONFIRM',
  'DIRECTORY',
  'CONTACT',
  'CONTACT_INFO',
  'ALERT',
  'EMERGENCY',
  'EVACUATION',
]);
export type NudgeType = z.infer<typeof nudgeTypeSchema>;

/** What the SIS records a dismissal under: both deposit nudges are one DEPOSIT nudge (portal.md §7). */
export const sisNudgeCodeSchema = /* @__PURE__ */ z.enum([
  ...nudgeTypeSchema.options.filter((t) => t !== 'DEPOSIT_INIT' && t !== 'DEPOSIT_CONFIRM'),
  'DEPOSIT',
]);
export type SisNudgeCode = z.infer<typeof sisNudgeCodeSchema>;

export const nudgeSchema = /* @__PURE__ */ z.object({
  pk: z.number().int(),
  nudge_type: nudgeTypeSchema,
  title: z.string(),
  body: z.string(),
  created_on: instantSchema,
  display_as_banner: z.boolean(),
});
/** `GET /api/integrations/finti/nudges`. */
export const nudgesSchema = /* @__PURE__ */ z.array(nudgeSchema).max(SIS_NUDGES_MAX);
export type Nudge = z.infer<typeof nudgeSchema>;

/** `POST /api/integrations/finti/nudges`: dismisses a nudge. */
export const dismissNudgeBodySchema = /* @__PURE__ */ z.strictObject({
  nudge_type: nudgeTypeSchema,
});
export type DismissNudgeBody = z.infer<typeof dismissNudgeBodySchema>;
/** Its answer: the code the dismissal was recorded under. */
export const nudgeDismissedSchema = /* @__PURE__ */ z.object({ nudge_type: sisNudgeCodeSchema });
export type NudgeDismissed = z.infer<typeof nudgeDismissedSchema>;

/** The read's answer: the data, or a Warning (contract/sis/integrations.schema.ts lists every read). */
export const nudgesAnswerSchema = /* @__PURE__ */ orWarning(nudgesSchema);
