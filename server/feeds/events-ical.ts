import ICAL from 'ical.js';
import type { FeedEvent, LocationType } from '../../contract/events.schema.js';
import { campusInstant, eventTimeString } from '../time.js';
import { httpUrl, plainText } from './plain-text.js';

const pad = (n: number) => String(n).padStart(2, '0');

const isKnownZone = (tzid: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tzid });
    return true;
  } catch {
    return false;
  }
};

/**
 * The instant of an iCalendar time. UTC times are exact; a TZID the platform knows (IANA) is read
 * on that zone's wall clock; floating times, all-day dates and unknown TZIDs are read on the campus
 * clock (a campus calendar means campus time). Never the server process's own zone.
 */
export function instantOf(time: ICAL.Time, campusZone: string): Date {
  const tzid = time.zone?.tzid ?? 'floating';
  if (tzid === 'UTC') return new Date(time.toUnixTime() * 1000);
  const zone = tzid !== 'floating' && isKnownZone(tzid) ? tzid : campusZone;
  const date = `${time.year}-${pad(time.month)}-${pad(time.day)}`;
  return campusInstant(date, time.isDate ? '00:00' : `${pad(time.hour)}:${pad(time.minute)}`, zone);
}

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

/** The occurrence to show: the event itself, or for a recurring one its first that has not ended. */
function occurrenceOf(event: ICAL.Event, now: Date, zone: string) {
  if (!event.isRecurring()) return { start: event.startDate, end: event.endDate };
  const length = event.duration.toSeconds() * 1000;
  const it = event.iterator();
  for (let next = it.next(), i = 0; next && i < 1000; next = it.next(), i++) {
    if (instantOf(next, zone).getTime() + length > now.getTime()) {
      // The occurrence's own times (ical.js's occurrence-details type does not resolve).
      const end = next.clone();
      end.addDuration(event.duration);
      return { start: next, end };
    }
  }
  return null;
}

function toEvent(vevent: ICAL.Component, now: Date, zone: string): FeedEvent | null {
  const event = new ICAL.Event(vevent);
  const title = plainText(event.summary);
  if (!title || !vevent.hasProperty('dtstart')) return null;
  const occurrence = occurrenceOf(event, now, zone);
  if (!occurrence) return null;
  const start = instantOf(occurrence.start, zone);
  const end =
    vevent.hasProperty('dtend') || vevent.hasProperty('duration')
      ? instantOf(occurrence.end, zone)
      : null;
  const location = text(vevent, 'location');
  const link = httpUrl(vevent.getFirstPropertyValue('url'));
  return {
    id: `${event.uid || link || title}@${start.toISOString()}`,
    link,
    title,
    image: imageOf(vevent),
    image_alt: title,
    datetime_string: eventTimeString(start, end, zone, occurrence.start.isDate),
    location: location || null,
    locationType: locationTypeOf(location, vevent),
    group: null,
    start: start.toISOString(),
    end: end?.toISOString() ?? null,
    privacyLevel: null,
  };
}

/**
 * The university events calendar (iCalendar) as §3 Events. A feed that is not iCalendar throws; an
 * event that cannot be read (no start, no title, a broken recurrence) is skipped, not fatal.
 */
export function parseIcalEvents(feed: string, now: Date, zone: string): FeedEvent[] {
  const parsed: unknown = ICAL.parse(feed);
  if (!Array.isArray(parsed)) throw new Error('not an iCalendar feed');
  const calendar = new ICAL.Component(parsed);
  if (calendar.name !== 'vcalendar') throw new Error('not an iCalendar feed');
  return calendar.getAllSubcomponents('vevent').flatMap((vevent) => {
    try {
      return toEvent(vevent, now, zone) ?? [];
    } catch {
      return [];
    }
  });
}
