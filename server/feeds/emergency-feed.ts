import { createHash } from 'node:crypto';
import Parser from 'rss-parser';
import { z } from 'zod';
import type { ReadThroughCache } from '../cache/read-through.js';
import { isAlertCurrent } from './emergency-rules.js';
import { fetchFeedText } from './fetch-feed.js';
import { sampleEmergencyFeed } from './emergency-sample.js';

/** One alert of the feed, as cached: plain text, dated. */
const feedAlertSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  pubDate: z.iso.datetime(),
});
export type FeedAlert = z.infer<typeof feedAlertSchema>;
const feedAlertsSchema = z.array(feedAlertSchema);

export interface EmergencyFeedOptions {
  /** The university's alert feed; unset: the bundled sample. */
  url: string | undefined;
  timeoutMs: number;
  cache: ReadThroughCache;
  clock: () => Date;
}

/** Shared by every user: one cached copy of the feed. */
export const EMERGENCY_FEED_KEY = 'feeds:rave-messages';
/** Emergencies change fast: the feed is read again after a minute. */
export const EMERGENCY_FEED_FRESH_MS = 60_000;

const parser = new Parser();

/** A stable id per alert: its guid, else its link, else its title, with its date. */
const alertId = (item: Parser.Item) =>
  createHash('sha256')
    .update(item.guid ?? `${item.link ?? item.title ?? ''}|${item.pubDate ?? ''}`)
    .digest('hex')
    .slice(0, 16);

/** Markup in a description becomes text: rss-parser's snippet drops tags and decodes entities. */
const plain = (text: string | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** Parses an RSS document into dated alerts (undated ones are dropped here already). */
export async function parseEmergencyFeed(xml: string): Promise<FeedAlert[]> {
  const feed = await parser.parseString(xml);
  return feed.items.flatMap((item) => {
    const at = item.isoDate ?? (item.pubDate ? new Date(item.pubDate).toISOString() : undefined);
    if (!at || Number.isNaN(Date.parse(at))) return [];
    return [
      {
        id: alertId(item),
        title: plain(item.title),
        description: plain(item.contentSnippet ?? item.content ?? item.summary),
        pubDate: new Date(at).toISOString(),
      },
    ];
  });
}

/**
 * The alerts of the last 3 days, newest first: the feed read through the shared cache (a copy up to
 * 24 hours old stands in while the feed fails), then the 3-day rule applied at the current time.
 */
export async function currentEmergencyAlerts(options: EmergencyFeedOptions): Promise<FeedAlert[]> {
  const { url, timeoutMs, cache, clock } = options;
  const { value } = await cache.read(
    EMERGENCY_FEED_KEY,
    EMERGENCY_FEED_FRESH_MS,
    async () =>
      parseEmergencyFeed(
        url ? await fetchFeedText('rave-messages', url, timeoutMs) : sampleEmergencyFeed(clock()),
      ),
    feedAlertsSchema,
  );
  const now = clock();
  return value
    .filter((alert) => isAlertCurrent(alert.pubDate, now))
    .sort((a, b) => b.pubDate.localeCompare(a.pubDate));
}
