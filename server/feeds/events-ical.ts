import ICAL from 'ical.js';
import type { LocationType } from '../../contract/events.schema.js';
import { FeedLimitError } from './feed-limits.js';
import type { FeedLimits } from './feed-limits.js';
import { ExpansionBudget, isCancelled, nextOccurrence } from './ical-series.js';
import type { Occurrence } from './ical-series.js';
import { placerFor } from './ical-zones.js';
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

/** The event's own times, as a one-off (an override, or an event without a rule). */
function ownOccurrence(event: ICAL.Event, zone: string): Occurrence {
  const start = event.startDate;
  const end = event.endDate;
  const hasDtend = event.component.hasProperty('dtend');
  return {
    start,
    end,
    startMs: placerFor(event.component, zone)(start),
    endMs: placerFor(event.component, zone, hasDtend ? 'dtend' : 'dtstart')(end),
  };
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
): (PendingEvent & { endMs: number }) | null {
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
    event,
    allDay: at.start.isDate,
    endMs: hasEnd ? at.endMs : at.startMs,
    ...(category ? { category: category.slice(0, 200) } : {}),
  };
}

interface Series {
  master: ICAL.Component | null;
  overrides: ICAL.Component[];
}

/** VEVENTs grouped by UID into a master and its RECURRENCE-ID overrides, in one pass. */
function seriesOf(vevents: ICAL.Component[]): Series[] {
  const byUid = new Map<string, Series>();
  const alone: Series[] = [];
  for (const vevent of vevents) {
    const uid = String(vevent.getFirstPropertyValue('uid') ?? '');
    const override = vevent.hasProperty('recurrence-id');
    if (!uid) {
      alone.push({ master: vevent, overrides: [] });
      continue;
    }
    let series = byUid.get(uid);
    if (!series) byUid.set(uid, (series = { master: null, overrides: [] }));
    if (override) series.overrides.push(vevent);
    else if (!series.master) series.master = vevent;
  }
  return [...byUid.values(), ...alone];
}

/** An override with RANGE=THISANDFUTURE: this and every later occurrence move by `shiftMs`. */
interface RangeOverride {
  vevent: ICAL.Component;
  fromMs: number;
  shiftMs: number;
}

/**
 * The series' latest RECURRENCE-ID;RANGE=THISANDFUTURE override (RFC 5545 §3.8.4.4), or null. Only
 * the latest counts: a series moved twice keeps the later move for all its later occurrences.
 */
function rangeOverride(overrides: ICAL.Component[], zone: string): RangeOverride | null {
  let latest: RangeOverride | null = null;
  for (const vevent of overrides) {
    const property = vevent.getFirstProperty('recurrence-id');
    const range = String(property?.getParameter('range') ?? '').toUpperCase();
    if (range !== 'THISANDFUTURE' || isCancelled(vevent) || !vevent.hasProperty('dtstart'))
      continue;
    const override = new ICAL.Event(vevent, { exceptions: [] });
    const fromMs = placerFor(vevent, zone, 'recurrence-id')(override.recurrenceId);
    const shiftMs = placerFor(vevent, zone)(override.startDate) - fromMs;
    if (!latest || fromMs > latest.fromMs) latest = { vevent, fromMs, shiftMs };
  }
  return latest;
}

const shifted = (at: Occurrence, shiftMs: number): Occurrence => ({
  ...at,
  startMs: at.startMs + shiftMs,
  endMs: at.endMs + shiftMs,
});

/**
 * What a calendar app shows next for one series: the earliest of its next regular occurrence and
 * its overrides that have not ended. Cancelled series, cancelled overrides and EXDATEs are not shown.
 */
function nextOfSeries(
  { master, overrides }: Series,
  nowMs: number,
  sinceMs: number,
  zone: string,
  limits: FeedLimits,
  budget: ExpansionBudget,
): PendingEvent | null {
  if (master && isCancelled(master)) return null;
  // Exceptions given explicitly: ical.js would otherwise scan every VEVENT of the calendar for
  // each event (quadratic: 55 s for 18,000 events).
  const event = master ? new ICAL.Event(master, { exceptions: [] }) : null;
  const candidates: (PendingEvent & { endMs: number; keptFromMs?: number })[] = [];
  const replaced = new Set<number>();
  for (const vevent of overrides) {
    const override = new ICAL.Event(vevent, { exceptions: [] });
    replaced.add(placerFor(vevent, zone, 'recurrence-id')(override.recurrenceId));
    if (isCancelled(vevent) || !vevent.hasProperty('dtstart')) continue;
    const shown = toEvent(vevent, ownOccurrence(override, zone), zone, master ?? undefined);
    if (shown) candidates.push(shown);
  }
  if (event && master?.hasProperty('dtstart')) {
    const place = placerFor(master, zone);
    const next = (fromMs: number) => nextOccurrence(event, fromMs, place, replaced, limits, budget);
    if (!event.isRecurring()) {
      const shown = toEvent(master, ownOccurrence(event, zone), zone);
      // A single event is kept once it ends after `sinceMs` (coursework's past-due items).
      if (shown) candidates.push({ ...shown, keptFromMs: sinceMs });
    } else {
      const range = rangeOverride(overrides, zone);
      const plain = next(nowMs);
      let shown: ReturnType<typeof toEvent> = null;
      if (!range || !plain || plain.startMs < range.fromMs) {
        shown = plain ? toEvent(master, plain, zone) : null;
      } else {
        // From the override on, occurrences move by its shift: the first whose moved end is still
        // to come is the first whose own end is after now less the shift.
        const moved = next(nowMs - range.shiftMs);
        const at = moved && moved.startMs >= range.fromMs ? moved : plain;
        shown = toEvent(range.vevent, shifted(at, range.shiftMs), zone, master);
      }
      if (shown) candidates.push(shown);
    }
  }
  const upcoming = candidates.filter((c) => c.endMs > (c.keptFromMs ?? nowMs));
  upcoming.sort((a, b) => a.event.start!.localeCompare(b.event.start!));
  return upcoming[0] ?? null;
}

/** Counted on the text before parsing, so an oversized calendar costs no parse at all. */
const VEVENT = /^BEGIN:VEVENT\r?$/gim;

/**
 * The university events calendar (iCalendar, already unfolded and decoded) as §3 Events: for each
 * series the occurrence a calendar app shows next, ended ones left out. A document that is not
 * iCalendar throws; one past the limits throws FeedLimitError; an event that cannot be read (no
 * start, no title, a broken rule) is skipped, not fatal.
 */
export function parseIcalEvents(
  feed: string,
  now: Date,
  zone: string,
  limits: FeedLimits,
  since: Date = now,
): PendingEvent[] {
  const count = feed.match(VEVENT)?.length ?? 0;
  if (count > limits.items)
    throw new FeedLimitError('items', `${count} events, over ${limits.items}`);
  const parsed: unknown = ICAL.parse(feed);
  if (!Array.isArray(parsed)) throw new Error('not an iCalendar feed');
  const calendar = new ICAL.Component(parsed);
  if (calendar.name !== 'vcalendar') throw new Error('not an iCalendar feed');
  const budget = new ExpansionBudget(limits.expansion);
  const nowMs = now.getTime();
  const sinceMs = Math.min(since.getTime(), nowMs);
  return seriesOf(calendar.getAllSubcomponents('vevent')).flatMap((series) => {
    try {
      return nextOfSeries(series, nowMs, sinceMs, zone, limits, budget) ?? [];
    } catch (err) {
      if (err instanceof FeedLimitError) throw err;
      return [];
    }
  });
}
