import type { AlertSeverity, EmergencyAlert } from '../../contract/alerts.schema.js';

/** How urgent each kind of alert is: a threat first, an all-clear or a test last. */
const URGENCY: Record<AlertSeverity, number> = {
  emergency: 0,
  advisory: 1,
  'all-clear': 2,
  test: 3,
};

/**
 * The order live alerts show in (issue 57): by severity, then newest first. The first shows in full
 * and the others fold under "N more alerts", so an active emergency is never folded behind a newer
 * all-clear, advisory or test. A new list; alerts of the same severity and date keep the feed's order.
 */
export function alertsInFoldOrder<T extends Pick<EmergencyAlert, 'severity' | 'pubDate'>>(
  alerts: readonly T[],
): T[] {
  return [...alerts].sort(
    (a, b) =>
      URGENCY[a.severity] - URGENCY[b.severity] || Date.parse(b.pubDate) - Date.parse(a.pubDate),
  );
}
