import type { CampusConfig } from '../../contract/campus-config.schema.js';
import type { LocationType } from '../../contract/events.schema.js';
import { plainText } from '../plain-text.js';
import { campusInstant } from '../time.js';
import type { PendingEvent, SourceEvent } from './pending-event.js';
import type { SyndicationItem } from './syndication.js';
import { childOf, textOf } from './xml-tree.js';

export type GroupFieldMap = CampusConfig['campusGroups'];

/** A date-time with an offset (or Z), or null. Without an offset, the wall clock of `zone`. */
export function feedInstant(value: string, zone: string): Date | null {
  const text = value.trim();
  if (!text) return null;
  const local = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/.exec(text);
  if (local) {
    const at = campusInstant(local[1]!, local[2] ?? '00:00', zone);
    return new Date(at.getTime() + Number(local[3] ?? 0) * 1000);
  }
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

const LOCATION_TYPES: Record<string, LocationType> = {
  'in-person': 'in-person',
  inperson: 'in-person',
  online: 'online',
  virtual: 'online',
  hybrid: 'hybrid',
};
const locationType = (value: string) =>
  LOCATION_TYPES[plainText(value).toLowerCase().replace(/\s+/g, '')] ?? null;

function privacyLevel(value: string): number | null {
  const text = plainText(value);
  return /^\d+$/.test(text) ? Number(text) : null;
}

/** The platform's own field `name` of an item, by namespace URI and the configured local name. */
function groupField(
  item: SyndicationItem,
  map: GroupFieldMap,
  name: keyof GroupFieldMap['fields'],
) {
  return textOf(childOf(item.element, [map.namespace], map.fields[name]));
}

/** Whether the item carries any field of the platform's namespace. */
const hasGroupFields = (item: SyndicationItem, map: GroupFieldMap) =>
  item.element.children.some((c) => typeof c !== 'string' && c.uri === map.namespace);

export interface ParsedItems {
  items: PendingEvent[];
  /** Said in the log with the feed's name: what a person configuring the feed needs to know. */
  warnings: string[];
}

/**
 * The campus-group events RSS as §3 Events (every item, public or not: the rules filter later).
 * Fields are found by the namespace URI in the campus configuration, never by a prefix.
 */
export function parseGroupEvents(
  items: SyndicationItem[],
  zone: string,
  map: GroupFieldMap,
): ParsedItems {
  const events = items.flatMap((item): PendingEvent[] => {
    const title = item.title;
    if (!title) return [];
    const start = feedInstant(groupField(item, map, 'start'), zone);
    const end = feedInstant(groupField(item, map, 'end'), zone);
    const field = (name: keyof GroupFieldMap['fields']) => plainText(groupField(item, map, name));
    const event: SourceEvent = {
      id: field('eventId') || item.id || item.link || title,
      link: item.link,
      title,
      image: item.image,
      image_alt: imageAltBeside(item.imageAlt, title),
      datetime_string: null,
      location: field('location') || null,
      locationType: locationType(field('locationType')),
      group: field('group') || null,
      start: start?.toISOString() ?? null,
      end: end?.toISOString() ?? null,
      privacyLevel: privacyLevel(field('privacyLevel')),
    };
    return [{ event, allDay: false }];
  });
  const warnings =
    items.length > 0 && !items.some((item) => hasGroupFields(item, map))
      ? [`${items.length} items, none with a field of namespace ${map.namespace}`]
      : [];
  return { items: events, warnings };
}

/** The campus-group news (RSS or Atom) as §3 Events dated by publication, in feed order. */
export function parseNews(items: SyndicationItem[], zone: string): PendingEvent[] {
  return items.flatMap((item): PendingEvent[] => {
    if (!item.title) return [];
    const published = feedInstant(item.published, zone);
    const event: SourceEvent = {
      id: item.id || item.link || item.title,
      link: item.link,
      title: item.title,
      image: item.image,
      image_alt: imageAltBeside(item.imageAlt, item.title),
      datetime_string: null,
      location: null,
      locationType: null,
      group: null,
      start: published?.toISOString() ?? null,
      end: null,
      privacyLevel: null,
    };
    // A story is dated by its day alone.
    return [{ event, allDay: true }];
  });
}

/**
 * The text alternative of a feed item's image beside its title: empty (the image is decorative)
 * when the feed gave none or it only repeats the title, which the card shows next to it already, so
 * a screen reader would read it twice.
 */
function imageAltBeside(alt: string, title: string): string {
  const words = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();
  const plain = plainText(alt);
  return words(plain) === words(title) ? '' : plain;
}
