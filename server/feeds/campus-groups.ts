import Parser from 'rss-parser';
import { z } from 'zod';
import type { FeedEvent, LocationType } from '../../contract/events.schema.js';
import { eventTimeString } from '../time.js';
import { httpUrl, plainText } from './plain-text.js';

/** The campus-group platform's own fields on each events item (namespace prefix `cg:`). */
const GROUP_FIELDS = [
  'cg:eventId',
  'cg:start',
  'cg:end',
  'cg:location',
  'cg:locationType',
  'cg:group',
  'cg:privacyLevel',
] as const;

const parser = new Parser({ customFields: { item: [...GROUP_FIELDS] } });

/** What an item of either feed may hold; everything optional, checked here rather than trusted. */
const itemSchema = z
  .object({
    title: z.unknown(),
    link: z.unknown(),
    guid: z.unknown(),
    isoDate: z.unknown(),
    enclosure: z.object({ url: z.unknown(), type: z.unknown() }).partial().optional(),
    'cg:eventId': z.unknown(),
    'cg:start': z.unknown(),
    'cg:end': z.unknown(),
    'cg:location': z.unknown(),
    'cg:locationType': z.unknown(),
    'cg:group': z.unknown(),
    'cg:privacyLevel': z.unknown(),
  })
  .partial();
type Item = z.infer<typeof itemSchema>;

/** RSS and Atom items, each checked; a document that is neither throws. */
async function itemsOf(feed: string): Promise<Item[]> {
  const parsed = await parser.parseString(feed);
  return z
    .array(z.unknown())
    .parse(parsed.items)
    .flatMap((raw) => {
      const item = itemSchema.safeParse(raw);
      return item.success ? [item.data] : [];
    });
}

/** A date-time as written by the feed (with an offset), or null when absent or unreadable. */
function instant(value: unknown): Date | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const date = new Date(value.trim());
  return Number.isNaN(date.getTime()) ? null : date;
}

const LOCATION_TYPES: Record<string, LocationType> = {
  'in-person': 'in-person',
  inperson: 'in-person',
  online: 'online',
  virtual: 'online',
  hybrid: 'hybrid',
};
const locationType = (value: unknown) =>
  LOCATION_TYPES[plainText(value).toLowerCase().replace(/\s+/g, '')] ?? null;

function privacyLevel(value: unknown): number | null {
  const text = plainText(value);
  return /^\d+$/.test(text) ? Number(text) : null;
}

function image(item: Item): string | null {
  const type = item.enclosure?.type;
  if (typeof type === 'string' && !type.startsWith('image/')) return null;
  return httpUrl(item.enclosure?.url);
}

/** The campus-group events RSS as §3 Events (every item, public or not: the rules filter later). */
export async function parseGroupEvents(feed: string, zone: string): Promise<FeedEvent[]> {
  return (await itemsOf(feed)).flatMap((item) => {
    const title = plainText(item.title);
    if (!title) return [];
    const start = instant(item['cg:start']);
    const end = instant(item['cg:end']);
    const link = httpUrl(item.link);
    return [
      {
        id: plainText(item['cg:eventId']) || plainText(item.guid) || link || title,
        link,
        title,
        image: image(item),
        image_alt: title,
        datetime_string: start ? eventTimeString(start, end, zone) : null,
        location: plainText(item['cg:location']) || null,
        locationType: locationType(item['cg:locationType']),
        group: plainText(item['cg:group']) || null,
        start: start?.toISOString() ?? null,
        end: end?.toISOString() ?? null,
        privacyLevel: privacyLevel(item['cg:privacyLevel']),
      },
    ];
  });
}

/** The campus-group news (RSS or Atom) as §3 Events dated by publication, in feed order. */
export async function parseNews(feed: string, zone: string): Promise<FeedEvent[]> {
  return (await itemsOf(feed)).flatMap((item) => {
    const title = plainText(item.title);
    const link = httpUrl(item.link);
    if (!title) return [];
    const published = instant(item.isoDate);
    return [
      {
        id: plainText(item.guid) || link || title,
        link,
        title,
        image: image(item),
        image_alt: title,
        datetime_string: published ? eventTimeString(published, null, zone, true) : null,
        location: null,
        locationType: null,
        group: null,
        start: published?.toISOString() ?? null,
        end: null,
        privacyLevel: null,
      },
    ];
  });
}
