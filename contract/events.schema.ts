import { z } from 'zod';

/** Links and images from the feeds are http(s) only: no `javascript:`, `data:` or relative addresses. */
export const httpUrlSchema = /* @__PURE__ */ z.url({
  protocol: /^https?$/,
  error: 'must be an http(s) URL',
});

/** Where the portal serves a feed's image from: its own origin, never the feed's image host. */
export const FEED_IMAGE_PATH = '/api/feed-images/';
/** The widths a feed image is re-encoded to (`?w=`): a card's 160 px at 2x, and a phone's full width. */
export const FEED_IMAGE_WIDTHS = [400, 800] as const;
/** A feed image's id: the SHA-256 of its source address, base64url. */
export const feedImageIdSchema = /* @__PURE__ */ z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'a feed image id');
/** A feed image's address on the portal: `/api/feed-images/<id>`, to which the card adds `?w=`. */
export const feedImageAddressSchema = /* @__PURE__ */ z
  .string()
  .regex(/^\/api\/feed-images\/[A-Za-z0-9_-]{43}$/, 'a feed image address on this portal');

/** Whether an event happens on campus, online, or both. */
export const locationTypeSchema = /* @__PURE__ */ z.enum(['in-person', 'online', 'hybrid']);
export type LocationType = z.infer<typeof locationTypeSchema>;

/** portal.md §9: events and news are limited to 12. */
export const FEED_LIMIT = 12;
/** portal.md §9: the dashboard event block shows 2 events. */
export const DASHBOARD_EVENTS = 2;

/**
 * portal.md §3 Event: one item of the events and news feeds, normalised on the server. Text is plain
 * text; `datetime_string` is already in the campus time zone (America/Los_Angeles by default);
 * `start`/`end` are ISO-8601 UTC. `privacyLevel` is the campus-group platform's (0 and 1 are public).
 */
export const eventSchema = /* @__PURE__ */ z.object({
  /** Stable within the feed (the feed's own id, else the link, else title and start). */
  id: z.string().min(1),
  link: httpUrlSchema.nullable(),
  title: z.string().min(1),
  /**
   * The image, served by the portal itself (fetched, checked and re-encoded by the server), or null
   * when the feed gave none or it could not be read: the card then shows its placeholder.
   */
  image: feedImageAddressSchema.nullable(),
  /** Describes the image for screen readers: the feed's caption, else the event's title. */
  image_alt: z.string(),
  datetime_string: z.string().nullable(),
  /**
   * Issue 76: the item lasts whole days (its `end` the next midnight), written by the server with
   * `datetime_string`: a reader of another language gets its days without a time.
   */
  allDay: z.boolean().optional(),
  location: z.string().nullable(),
  locationType: locationTypeSchema.nullable(),
  /** The campus group that runs the event, for campus-group items. */
  group: z.string().nullable(),
  start: z.iso.datetime().nullable(),
  end: z.iso.datetime().nullable(),
  privacyLevel: z.number().int().nullable(),
});
export type FeedEvent = z.infer<typeof eventSchema>;

/**
 * `GET /api/integrations/pdx/events`, `/api/integrations/pdxcampusgroups/events` and
 * `/api/integrations/pdxcampusgroups/news`: at most 12 items, in the order they are shown.
 */
export const eventListSchema = /* @__PURE__ */ z.array(eventSchema).max(FEED_LIMIT);

/** The three feeds, named as the failure's `component` and in the portal's error list. */
export const feedNames = ['pdx-events', 'campus-groups-events', 'campus-groups-news'] as const;
export type FeedName = (typeof feedNames)[number];
