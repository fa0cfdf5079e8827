import { emergencyAlertSchema, emergencyAlertsAnswerSchema } from '../../contract/alerts.schema.js';
import type { EmergencyAlert, EmergencyAlertsAnswer } from '../../contract/alerts.schema.js';
import type { Http } from './client.js';

/**
 * portal.md §7 `GET /api/integrations/rave-messages`: emergency alerts of the last 3 days, or that
 * they could not be checked.
 */
export async function fetchEmergencyAlerts(http: Http): Promise<EmergencyAlertsAnswer> {
  return emergencyAlertsAnswerSchema.parse(await http.get('integrations/rave-messages').json());
}

/** `PATCH /api/integrations/rave-messages/{id}`: an emergency alert's own read. */
export async function markAlertRead(http: Http, id: string, at: Date): Promise<EmergencyAlert> {
  const answer = await http
    .patch(`integrations/rave-messages/${id}`, { json: { user_read_on: at.toISOString() } })
    .json();
  return emergencyAlertSchema.parse(answer);
}
