import { z } from 'zod';
import { instantInputSchema } from './instant.schema.js';
import { languageSchema } from './language.schema.js';
import { instantSchema } from './sis/common.schema.js';

/** An alert's id: derived from the feed item (its guid, else link and date), 16 hex digits. */
export const alertIdSchema = /* @__PURE__ */ z
  .string()
  .regex(/^[0-9a-f]{16}$/, 'must be an alert id');

/**
 * How an alert is shown: a threat, an advisory, an all-clear (the threat is over) or a test of the
 * alert system. Unclear alerts are emergencies.
 */
export const alertSeveritySchema = /* @__PURE__ */ z.enum([
  'emergency',
  'advisory',
  'all-clear',
  'test',
]);
export type AlertSeverity = z.infer<typeof alertSeveritySchema>;

/** At most this many alerts reach a browser, newest first. */
export const ALERT_LIMIT = 10;

/**
 * portal.md §3: an emergency alert from the university's alert feed (`description`, `pubDate`), in
 * plain text, with the signed-in person's read state.
 */
export const emergencyAlertSchema = /* @__PURE__ */ z.object({
  id: alertIdSchema,
  title: z.string(),
  description: z.string(),
  pubDate: instantSchema,
  severity: alertSeveritySchema,
  read: z.boolean(),
  /**
   * Issue 59: the language the title and description are in: for a Spanish reader `es` where the
   * publisher gave a Spanish version, else `en` (the campus feed's, a publisher's own text). Sent to
   * an English reader too, whose alerts stay shown if they switch to Spanish. Absent from an answer
   * kept from before it was always sent.
   */
  lang: languageSchema.optional(),
});
export type EmergencyAlert = z.infer<typeof emergencyAlertSchema>;

/** The alerts of the last 3 days, newest first, at most 10. */
export const emergencyAlertsSchema = /* @__PURE__ */ z.array(emergencyAlertSchema).max(ALERT_LIMIT);

/**
 * An alert of the last 3 days that has ended (issue 62): past its CAP `expires` (or the feed's
 * equivalent), or retired by a CAP Cancel naming it in `references`. Kept as history, never live.
 */
export const endedAlertSchema = /* @__PURE__ */ z.object({
  id: alertIdSchema,
  title: z.string(),
  description: z.string(),
  pubDate: instantSchema,
  severity: alertSeveritySchema,
  ended: z.enum(['expired', 'cancelled']),
});
export type EndedAlert = z.infer<typeof endedAlertSchema>;

/**
 * `GET /api/integrations/rave-messages`. `checked` is false when the alert feed could not be read
 * and no copy of the last 24 hours exists: the alerts are then unknown, not absent, and the page
 * says so, with the campus safety phone number of the campus configuration.
 */
export const emergencyAlertsAnswerSchema = /* @__PURE__ */ z.discriminatedUnion('checked', [
  z.object({
    checked: z.literal(true),
    alerts: emergencyAlertsSchema,
    /** The history: ended alerts of the 3 days, newest first, at most 10. */
    ended: z.array(endedAlertSchema).max(ALERT_LIMIT).optional(),
  }),
  z.object({ checked: z.literal(false) }),
]);
export type EmergencyAlertsAnswer = z.infer<typeof emergencyAlertsAnswerSchema>;

/** `/api/integrations/rave-messages/{id}`. */
export const alertParamsSchema = /* @__PURE__ */ z.object({ id: alertIdSchema });

/** `PATCH /api/integrations/rave-messages/{id}`: marks the alert read for the signed-in person. */
export const markAlertReadSchema = /* @__PURE__ */ z.strictObject({
  user_read_on: instantInputSchema,
});
export type MarkAlertRead = z.infer<typeof markAlertReadSchema>;
