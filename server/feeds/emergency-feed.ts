import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { ALERT_LIMIT, alertSeveritySchema } from '../../contract/alerts.schema.js';
import type { Campus } from '../../contract/campus.schema.js';
import type { ReadThroughCache } from '../cache/read-through.js';
import { alertEnding, isAlertCurrent } from './emergency-rules.js';
import { sampleEmergencyFeed } from './emergency-sample.js';
import { feedCacheKey, fetchFeed } from './fetch-feed.js';
import { parseFeedDocument } from './parse-feed.js';

/** One alert of the feed, as cached: plain text, dated, with its severity. */
const feedAlertSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{16}$/),
  title: z.string(),
  description: z.string(),
  pubDate: z.iso.datetime(),
  severity: alertSeveritySchema,
  expires: z.iso.datetime().optional(),
  capId: z.string().max(200).optional(),
  retires: z.array(z.string().max(200)).max(50).optional(),
});
export type FeedAlert = z.infer<typeof feedAlertSchema>;
const feedAlertsSchema = z.array(feedAlertSchema);

export interface EmergencyFeedOptions {
  /** The university's alert feed; unset: the bundled sample. */
  url: string | undefined;
  timeoutMs: number;
  cache: ReadThroughCache;
  clock: () => Date;
  campus: Campus;
  log: FastifyBaseLogger;
  /** Remembers a failed read for a short while (one per server). */
  outage: OutageMemo;
  /** How old a cached copy may be; unset: `EMERGENCY_FEED_FRESH_MS` (alert pushes read it sooner). */
  freshMs?: number;
  /** Told of each read of the configured feed from its source (the metrics' feed reads). */
  onRead?: (outcome: 'ok' | 'error') => void;
}

/** Alerts kept of a feed (newest first): a feed of thousands costs the cache a hundred. */
const KEEP_ALERTS = 100;

/** Emergencies change fast: the feed is read again after a minute. */
export const EMERGENCY_FEED_FRESH_MS = 60_000;
/**
 * After a failed read with no copy to fall back on, the feed is not asked again for this long: every
 * page in between learns at once that alerts could not be checked instead of waiting out a timeout.
 */
export const EMERGENCY_OUTAGE_MS = 30_000;

/** The time of the last failed read, per server. */
export class OutageMemo {
  private until = 0;
  isDown(now: Date) {
    return now.getTime() < this.until;
  }
  failed(now: Date) {
    this.until = now.getTime() + EMERGENCY_OUTAGE_MS;
  }
}

/** An alert of the last 3 days that has ended: past its `expires`, or retired by a Cancel. */
export type EndedAlert = FeedAlert & { ended: 'expired' | 'cancelled' };

/**
 * What the page is told: the current alerts, or that they could not be checked. `ended` is the
 * history: the alerts of the 3 days that expired or were cancelled, kept but no longer shown as live.
 */
export type EmergencyRead =
  { checked: true; alerts: FeedAlert[]; ended: EndedAlert[] } | { checked: false };

/**
 * The alerts of the last 3 days, newest first, at most 10: the feed read through the shared cache
 * (a copy up to 24 hours old stands in while the feed fails), parsed off the request path, then the
 * 3-day rule applied at the current time, and an alert past its `expires` or named by a Cancel's
 * `references` moved from the live list to `ended`. When neither feed nor copy can be read, `checked: false`.
 */
export async function currentEmergencyAlerts(
  options: EmergencyFeedOptions,
): Promise<EmergencyRead> {
  const { url, timeoutMs, cache, clock, outage } = options;
  if (outage.isDown(clock())) return { checked: false };
  let value: FeedAlert[];
  try {
    ({ value } = await cache.read(
      // Shared by every user: one cached copy, under a key of the feed's address (a changed address
      // is read at once on every process that has it: fetch-feed.ts, `feedCacheKey`).
      feedCacheKey('rave-messages', url ?? null),
      options.freshMs ?? EMERGENCY_FEED_FRESH_MS,
      async () => {
        try {
          const document = url
            ? await fetchFeed('rave-messages', url, timeoutMs)
            : { bytes: Buffer.from(sampleEmergencyFeed(clock())), contentType: null };
          // Newest first already; more than a page could show of 3 days of alerts is never kept.
          const request = {
            keep: KEEP_ALERTS,
            component: 'rave-messages',
            kind: 'alerts' as const,
            document,
            now: clock(),
            campus: options.campus,
          };
          const alerts = await parseFeedDocument(request, feedAlertSchema, options.log);
          if (url) options.onRead?.('ok');
          return alerts;
        } catch (err) {
          if (url) options.onRead?.('error');
          throw err;
        }
      },
      feedAlertsSchema,
    ));
  } catch (err) {
    options.log.error({ err, component: 'rave-messages' }, 'emergency alerts could not be checked');
    outage.failed(clock());
    return { checked: false };
  }
  const now = clock();
  const recent = value
    .filter((alert) => isAlertCurrent(alert.pubDate, now))
    .sort((a, b) => b.pubDate.localeCompare(a.pubDate));
  const retired = new Set(recent.flatMap((alert) => alert.retires ?? []));
  const alerts: FeedAlert[] = [];
  const ended: EndedAlert[] = [];
  for (const alert of recent) {
    const ending = alertEnding(alert, retired, now);
    if (ending) ended.push({ ...alert, ended: ending });
    else alerts.push(alert);
  }
  return {
    checked: true,
    alerts: alerts.slice(0, ALERT_LIMIT),
    ended: ended.slice(0, ALERT_LIMIT),
  };
}
