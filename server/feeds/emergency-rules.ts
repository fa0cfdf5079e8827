/** portal.md §9: alerts are kept 3 days. */
export const ALERT_WINDOW_MS = 3 * 24 * 3_600_000;

/**
 * portal.md §5: an emergency alert older than 3 days, or without a (readable) date, is dropped.
 * An alert dated a little ahead of our clock (the feed's clock runs fast) is current.
 */
export function isAlertCurrent(pubDate: string | undefined, now: Date): boolean {
  if (!pubDate) return false;
  const at = Date.parse(pubDate);
  if (Number.isNaN(at)) return false;
  return now.getTime() - at <= ALERT_WINDOW_MS;
}
