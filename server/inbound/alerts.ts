import { ALERT_LIMIT, alertSeveritySchema } from '../../contract/alerts.schema.js';
import type { Language } from '../../contract/language.schema.js';
import { itemText } from '../../contract/translations.rules.js';
import type { FeedAlert } from '../feeds/emergency-feed.js';
import { ALERT_WINDOW_MS } from '../feeds/emergency-rules.js';
import type { Repositories } from '../db/repositories.js';
import { inboundAlertId } from './publish.js';

const severity = alertSeveritySchema.catch('advisory');

/** An alert and the language its text is in (issue 59). */
export type ReaderAlert = FeedAlert & { lang?: Language };

/**
 * The feed's alerts with the publishers' alerts that reach this person (issue 60) among them,
 * newest first, at most ALERT_LIMIT: a publisher's alert follows the feed's 3-day rule, and ends
 * when it is retracted or expires. For a Spanish reader (issue 59) a publisher's alert is in its
 * `translations.es` where given, and every alert says its language (`lang`): the campus feed's are
 * English, and so is a publisher's own text. An English reader's alerts say so too: the frame keeps
 * its alerts when the person switches to Spanish, and they must still read as English.
 */
export async function withInboundAlerts(
  repos: Repositories,
  userId: number,
  feed: readonly FeedAlert[],
  now: Date,
  language: Language = 'en',
): Promise<ReaderAlert[]> {
  const since = new Date(now.getTime() - ALERT_WINDOW_MS).toISOString();
  const rows = await repos.inboundDelivery.alertsFor(userId, now.toISOString(), since);
  const spanish = language === 'es';
  const campus: ReaderAlert[] = feed.map((alert) => ({ ...alert, lang: 'en' as const }));
  if (rows.length === 0) return campus;
  const own: ReaderAlert[] = rows.map((row) => {
    const text = spanish ? itemText(row, 'es') : undefined;
    return {
      id: inboundAlertId(row.id),
      title: text?.title ?? row.title,
      description: text?.body ?? row.body,
      pubDate: row.publish_at ?? row.updated_at,
      severity: severity.parse(row.severity),
      lang: text?.lang ?? 'en',
    };
  });
  return [...own, ...campus]
    .sort((a, b) => Date.parse(b.pubDate) - Date.parse(a.pubDate))
    .slice(0, ALERT_LIMIT);
}
