import type ICAL from 'ical.js';
import type { LocationType } from '../../contract/events.schema.js';
import type { FeedLimits } from './feed-limits.js';
import { nextOfEachSeries } from './ical-calendar.js';
import type { Shown } from './ical-calendar.js';
import type { Occurrence } from './ical-series.js';
import type { PendingEvent, SourceEvent } from './pending-event.js';
import { httpUrl, plainText } from '../plain-text.js';

const text = (vevent: ICAL.Component, name: string) =>
  plainText(vevent.getFirstPropertyValue(name));

/** RFC 7986 IMAGE, else an image ATTACH. */
function imageOf(vevent: ICAL.Component): string | null {
  const image = httpUrl(vevent.getFirstPropertyValue('image'));
  if (image) return image;
  const attach = vevent
    .getAllProperties('attach')
    .find((p) => String(p.getParameter('fmttype') ?? '').startsWith('image/'));
  return attach ? httpUrl(attach.getFirstValue()) : null;
}

/** A CONFERENCE (RFC 7986) means online; with a LOCATION as well, both. */
function locationTypeOf(location: string, vevent: ICAL.Component): LocationType | null {
  const online = vevent.hasProperty('conference');
  if (online) return location ? 'hybrid' : 'online';
  return location ? 'in-person' : null;
}

/**
 * One §3 Event from a VEVENT at one occurrence. `series` gives the fields an override leaves out.
 * A timed event without DTEND or DURATION has no end (RFC 5545: it ends as it starts); an all-day
 * event without one lasts its day.
 */
function toEvent(
  vevent: ICAL.Component,
  at: Occurrence,
  zone: string,
  series?: ICAL.Component,
): Shown<PendingEvent> | null {
  const field = (name: string) => text(vevent, name) || (series ? text(series, name) : '');
  const title = field('summary');
  if (!title) return null;
  const hasEnd =
    at.start.isDate ||
    [vevent, series].some((c) => c?.hasProperty('dtend') || c?.hasProperty('duration'));
  const start = new Date(at.startMs);
  const end = hasEnd ? new Date(at.endMs) : null;
  const location = field('location');
  const link = httpUrl(vevent.getFirstPropertyValue('url') ?? series?.getFirstPropertyValue('url'));
  const uid = field('uid');
  const event: SourceEvent = {
    id: `${uid || link || title}@${start.toISOString()}`,
    link,
    title,
    image: imageOf(vevent) ?? (series ? imageOf(series) : null),
    // iCalendar gives an image no text alternative: beside the title it is decorative.
    image_alt: '',
    datetime_string: null,
    location: location || null,
    locationType: locationTypeOf(location, series && !location ? series : vevent),
    group: null,
    start: start.toISOString(),
    end: end?.toISOString() ?? null,
    privacyLevel: null,
  };
  // Moodle names the course only here (its short name); coursework reads it, events ignore it.
  const category = field('categories');
  return {
    item: {
      event,
      allDay: at.start.isDate,
      ...(category ? { category: category.slice(0, 200) } : {}),
    },
    endMs: hasEnd ? at.endMs : at.startMs,
  };
}

/**
 * The university events calendar (iCalendar, already unfolded and decoded) as §3 Events: for each
 * series the occurrence a calendar app shows next, ended ones left out (ical-calendar.ts: a document
 * that is not iCalendar throws, one past the limits throws FeedLimitError, an event that cannot be
 * read is skipped).
 */
export function parseIcalEvents(
  feed: string,
  now: Date,
  zone: string,
  limits: FeedLimits,
  since: Date = now,
): PendingEvent[] {
  return nextOfEachSeries(
    feed,
    { now, since, zone, limits },
    () => (vevent, at, series) => toEvent(vevent, at, zone, series),
  );
}
