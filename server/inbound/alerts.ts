import { ALERT_LIMIT, alertSeveritySchema } from '../../contract/alerts.schema.js';
import type { FeedAlert } from '../feeds/emergency-feed.js';
import { ALERT_WINDOW_MS } from '../feeds/emergency-rules.js';
import type { Repositories } from '../db/repositories.js';
import { inboundAlertId } from './publish.js';

const severity = alertSeveritySchema.catch('advisory');

/**
 * The feed's alerts with the publishers' alerts that reach this person (issue 60) among them,
 * newest first, at most ALERT_LIMIT: a publisher's alert follows the feed's 3-day rule, and ends
 * when it is retracted or expires.
 */
export async function withInboundAlerts(
  repos: Repositories,
  userId: number,
  feed: readonly FeedAlert[],
  now: Date,
): Promise<FeedAlert[]> {
  const since = new Date(now.getTime() - ALERT_WINDOW_MS).toISOString();
  const rows = await repos.inboundDelivery.alertsFor(userId, now.toISOString(), since);
  if (rows.length === 0) return [...feed];
  const own: FeedAlert[] = rows.map((row) => ({
    id: inboundAlertId(row.id),
    title: row.title,
    description: row.body,
    pubDate: row.publish_at ?? row.updated_at,
    severity: severity.parse(row.severity),
  }));
  return [...own, ...feed]
    .sort((a, b) => Date.parse(b.pubDate) - Date.parse(a.pubDate))
    .slice(0, ALERT_LIMIT);
}
