import ICAL from 'ical.js';
import { FeedLimitError } from './feed-limits.js';
import type { FeedLimits } from './feed-limits.js';
import { ExpansionBudget, isCancelled, nextOccurrence } from './ical-series.js';
import type { Occurrence } from './ical-series.js';
import { placerFor } from './ical-zones.js';

/**
 * A calendar's series, each as what a calendar app shows next: the one walk the events feed, the
 * coursework feeds and the offices' appointment calendars share, each making its own item of the
 * VEVENT chosen (`ItemOf`).
 */

/** An item made of a VEVENT at one occurrence, and when it ends (one without an end: its start). */
export interface Shown<T> {
  item: T;
  endMs: number;
}

/** Makes one item of `vevent` at `at`; `series` gives the fields an override leaves out. */
export type ItemOf<T> = (
  vevent: ICAL.Component,
  at: Occurrence,
  series?: ICAL.Component,
) => Shown<T> | null;

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

interface Series {
  master: ICAL.Component | null;
  overrides: ICAL.Component[];
}

/** A VEVENT's revision (RFC 5545 §3.8.7.4; none is 0). */
const sequenceOf = (vevent: ICAL.Component) =>
  Number(vevent.getFirstPropertyValue('sequence')) || 0;

/**
 * VEVENTs grouped by UID into a master and its RECURRENCE-ID overrides, in one pass. Of two masters
 * of one UID (a calendar holding an invitation and its update), the later revision is the event
 * (RFC 5546 §2.1.5: a higher SEQUENCE supersedes); of equal ones, the first.
 */
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
    else if (!series.master || sequenceOf(vevent) > sequenceOf(series.master))
      series.master = vevent;
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

/** How a walk reads the calendar. */
export interface WalkOptions {
  now: Date;
  /** A single event that ended after it is kept too (coursework's past-due items); default `now`. */
  since?: Date;
  zone: string;
  limits: FeedLimits;
  /**
   * Cancelled events and occurrences (STATUS:CANCELLED) are shown, for the item to say so (an
   * office's cancelled appointment); by default they are left out, as a calendar app leaves them.
   */
  keepCancelled?: boolean;
}

/**
 * What a calendar app shows next for one series: the earliest of its next regular occurrence and
 * its overrides that have not ended. Cancelled series, cancelled overrides and EXDATEs are not shown
 * (cancelled ones are, with `keepCancelled`).
 */
function nextOfSeries<T>(
  { master, overrides }: Series,
  o: WalkOptions & { sinceMs: number },
  itemOf: ItemOf<T>,
  budget: ExpansionBudget,
): T | null {
  const { zone, limits } = o;
  const nowMs = o.now.getTime();
  const left = (vevent: ICAL.Component) => !o.keepCancelled && isCancelled(vevent);
  if (master && left(master)) return null;
  // Exceptions given explicitly: ical.js would otherwise scan every VEVENT of the calendar for
  // each event (quadratic: 55 s for 18,000 events).
  const event = master ? new ICAL.Event(master, { exceptions: [] }) : null;
  const candidates: (Shown<T> & { startMs: number; keptFromMs: number | undefined })[] = [];
  const replaced = new Set<number>();
  const add = (shown: Shown<T> | null, at: Occurrence, keptFromMs?: number) => {
    if (shown) candidates.push({ ...shown, startMs: at.startMs, keptFromMs });
  };
  for (const vevent of overrides) {
    const override = new ICAL.Event(vevent, { exceptions: [] });
    replaced.add(placerFor(vevent, zone, 'recurrence-id')(override.recurrenceId));
    if (left(vevent) || !vevent.hasProperty('dtstart')) continue;
    const at = ownOccurrence(override, zone);
    add(itemOf(vevent, at, master ?? undefined), at);
  }
  if (event && master?.hasProperty('dtstart')) {
    const place = placerFor(master, zone);
    const next = (fromMs: number) => nextOccurrence(event, fromMs, place, replaced, limits, budget);
    if (!event.isRecurring()) {
      // A single event is kept once it ends after `sinceMs` (coursework's past-due items).
      const at = ownOccurrence(event, zone);
      add(itemOf(master, at), at, o.sinceMs);
    } else {
      const range = rangeOverride(overrides, zone);
      const plain = next(nowMs);
      if (!range || !plain || plain.startMs < range.fromMs) {
        if (plain) add(itemOf(master, plain), plain);
      } else {
        // From the override on, occurrences move by its shift: the first whose moved end is still
        // to come is the first whose own end is after now less the shift.
        const moved = next(nowMs - range.shiftMs);
        const at = shifted(moved && moved.startMs >= range.fromMs ? moved : plain, range.shiftMs);
        add(itemOf(range.vevent, at, master), at);
      }
    }
  }
  const upcoming = candidates.filter((c) => c.endMs > (c.keptFromMs ?? nowMs));
  upcoming.sort((a, b) => a.startMs - b.startMs);
  return upcoming[0]?.item ?? null;
}

/** Counted on the text before parsing, so an oversized calendar costs no parse at all. */
const VEVENT = /^BEGIN:VEVENT\r?$/gim;

/**
 * A calendar (iCalendar, already unfolded and decoded) read series by series: for each, the item
 * `itemOf` makes of what a calendar app shows next, ended ones left out. A document that is not
 * iCalendar throws; one past the limits throws FeedLimitError; an event that cannot be read (no
 * start, a broken rule, refused by `itemOf`) is skipped, not fatal. `calendar` is handed the
 * VCALENDAR first (its METHOD, for one).
 */
export function nextOfEachSeries<T>(
  feed: string,
  o: WalkOptions,
  itemOf: (calendar: ICAL.Component) => ItemOf<T>,
): T[] {
  const count = feed.match(VEVENT)?.length ?? 0;
  if (count > o.limits.items)
    throw new FeedLimitError('items', `${count} events, over ${o.limits.items}`);
  const parsed: unknown = ICAL.parse(feed);
  if (!Array.isArray(parsed)) throw new Error('not an iCalendar feed');
  const calendar = new ICAL.Component(parsed);
  if (calendar.name !== 'vcalendar') throw new Error('not an iCalendar feed');
  const budget = new ExpansionBudget(o.limits.expansion);
  const sinceMs = Math.min((o.since ?? o.now).getTime(), o.now.getTime());
  const make = itemOf(calendar);
  return seriesOf(calendar.getAllSubcomponents('vevent')).flatMap((series) => {
    try {
      return nextOfSeries(series, { ...o, sinceMs }, make, budget) ?? [];
    } catch (err) {
      if (err instanceof FeedLimitError) throw err;
      return [];
    }
  });
}
