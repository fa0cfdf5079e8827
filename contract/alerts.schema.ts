import { z } from 'zod';
import { instantSchema } from './sis/common.schema.js';

/** An alert's id: derived from the feed item (its guid, else link and date), 16 hex digits. */
export const alertIdSchema = z.string().regex(/^[0-9a-f]{16}$/, 'must be an alert id');

/**
 * portal.md §3: an emergency alert from the university's alert feed (`description`, `pubDate`), in
 * plain text, with the signed-in person's read state.
 */
export const emergencyAlertSchema = z.object({
  id: alertIdSchema,
  title: z.string(),
  description: z.string(),
  pubDate: instantSchema,
  read: z.boolean(),
});
export type EmergencyAlert = z.infer<typeof emergencyAlertSchema>;

/** `GET /api/integrations/rave-messages`: alerts of the last 3 days, newest first. */
export const emergencyAlertsSchema = z.array(emergencyAlertSchema);

/** `/api/integrations/rave-messages/{id}`. */
export const alertParamsSchema = z.object({ id: alertIdSchema });

/** `PATCH /api/integrations/rave-messages/{id}`: marks the alert read for the signed-in person. */
export const markAlertReadSchema = z.strictObject({ user_read_on: instantSchema });
export type MarkAlertRead = z.infer<typeof markAlertReadSchema>;
