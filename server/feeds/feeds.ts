import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Campus } from '../../contract/campus.schema.js';
import type { FeedEvent, FeedName } from '../../contract/events.schema.js';
import { bySoonest, firstOfFeed, isPublicGroupEvent, isUpcoming } from './event-rules.js';
import type { FeedImages } from './feed-images.js';
import { fetchFeed, readFeed } from './fetch-feed.js';
import { parseFeedDocument } from './parse-feed.js';
import type { FeedKind } from './parse-task.js';
import { sourceEventSchema } from './pending-event.js';
import type { SourceEvent } from './pending-event.js';
import { campusGroupsEventsSample } from './samples/campus-groups-events.js';
import { campusGroupsNewsSample } from './samples/campus-groups-news.js';
import { universityEventsSample } from './samples/events-university.js';
import { sampleClock } from './samples/sample-clock.js';
import type { SampleClock } from './samples/sample-clock.js';

/** portal.md §9: the default cache freshness (5 minutes) for the feeds. */
export const FEED_FRESH_MS = 5 * 60_000;
/** Items kept per feed in the cache (each series' next occurrence), before the rules pick 12. */
const KEEP = 500;

/** The cached items: each feed's own events, their images still at the feed's image host. */
const candidatesSchema = z.array(sourceEventSchema);

export interface FeedDefinition {
  /** Names the feed in a failure's `component`. */
  name: FeedName;
  /** portal.md §7 path. */
  path: string;
  summary: string;
  /** The configured address; null means the bundled sample answers. */
  url: (campus: Campus) => string | null;
  sample: (clock: SampleClock) => string;
  /** Which reader parses it; the reader keeps its first KEEP items (ParseTask.keep). */
  kind: FeedKind;
  /** The rules applied to every answer (the cached items are the whole feed). */
  select: (items: SourceEvent[], now: Date) => SourceEvent[];
}

const upcoming = (items: SourceEvent[], now: Date) =>
  items.filter((e) => isUpcoming(e, now)).sort(bySoonest);

export const feedDefinitions: FeedDefinition[] = [
  {
    name: 'pdx-events',
    path: '/api/integrations/pdx/events',
    summary: 'University events: the next 12 upcoming',
    url: (campus) => campus.feeds.universityEvents,
    sample: universityEventsSample,
    kind: 'ical',
    select: (items, now) => firstOfFeed(upcoming(items, now)),
  },
  {
    name: 'campus-groups-events',
    path: '/api/integrations/pdxcampusgroups/events',
    summary: 'Public campus-group events (privacy level 0 or 1): the next 12 upcoming',
    url: (campus) => campus.feeds.campusGroupEvents,
    sample: campusGroupsEventsSample,
    kind: 'group-events',
    select: (items, now) => firstOfFeed(upcoming(items.filter(isPublicGroupEvent), now)),
  },
  {
    name: 'campus-groups-news',
    path: '/api/integrations/pdxcampusgroups/news',
    summary: 'Campus-group news: the first 12',
    url: (campus) => campus.feeds.campusGroupNews,
    sample: campusGroupsNewsSample,
    kind: 'news',
    select: (items) => firstOfFeed(items),
  },
];

/**
 * Fetches (or builds the sample of) one feed and parses it off the request path; then fetches the
 * images of the items shown now, waiting for them no longer than for a feed. The bundled samples'
 * images are on hosts that do not exist: they are never fetched.
 */
async function loadFeed(
  app: FastifyInstance,
  feed: FeedDefinition,
  images: FeedImages,
): Promise<SourceEvent[]> {
  const { campus, feeds } = app.config;
  const now = app.clock();
  const url = feed.url(campus);
  const document = url
    ? await fetchFeed(feed.name, url, feeds.timeoutMs)
    : { bytes: Buffer.from(feed.sample(sampleClock(now, campus.timeZone))), contentType: null };
  const items = await parseFeedDocument(
    {
      component: feed.name,
      kind: feed.kind,
      document,
      now,
      campus,
      keep: KEEP,
      // Only a configured feed's problems are the campus's to fix (the samples have none).
      onWarnings: (warnings) => {
        if (url && app.feedProblems.record(feed.name, warnings, now)) {
          app.log.error(
            { component: feed.name, warnings },
            'feed problem: shown on /readyz and in the admin',
          );
        }
      },
    },
    sourceEventSchema,
    app.log,
  );
  if (url) {
    const shown = feed.select(items, now).flatMap((e) => (e.image ? [e.image] : []));
    await images.prepareAll(shown, feeds.timeoutMs);
  }
  return items;
}

function read(app: FastifyInstance, feed: FeedDefinition, images: FeedImages) {
  const url = feed.url(app.config.campus);
  return readFeed(app, { name: feed.name, url }, FEED_FRESH_MS, candidatesSchema, async () => {
    try {
      const items = await loadFeed(app, feed, images);
      if (url) app.metrics.feedRead(feed.name, 'ok', app.clock());
      return items;
    } catch (err) {
      if (url) app.metrics.feedRead(feed.name, 'error', app.clock());
      throw err;
    }
  });
}

/**
 * One feed's answer: the cached (or stale) items with the feed's rules applied now, each image as
 * its address on this portal when the server holds it, else null (the card's placeholder). The
 * images of these items, and only these, become the ones the image route may serve (and are
 * prepared in the background when not held).
 */
export async function answerFeed(app: FastifyInstance, feed: FeedDefinition, images: FeedImages) {
  const { value, status } = await read(app, feed, images);
  const sampled = feed.url(app.config.campus) === null;
  const shown = feed.select(value, app.clock());
  if (!sampled)
    images.show(
      feed.name,
      shown.flatMap((e) => (e.image ? [e.image] : [])),
    );
  const events = shown.map((event): FeedEvent => ({
    ...event,
    image: event.image && !sampled ? images.addressOf(event.image) : null,
  }));
  return { events, status };
}
