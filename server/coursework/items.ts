import { z } from 'zod';
import { COURSEWORK_ITEMS_MAX, COURSEWORK_PAST_DAYS } from '../../contract/coursework.schema.js';
import type { CourseworkItem, CourseworkSource } from '../../contract/coursework.schema.js';
import type { CourseworkItemRecord } from '../db/repositories/coursework.repository.js';
import { sourceEventSchema } from '../feeds/pending-event.js';
import { campusDate, endOfCampusDay } from '../time.js';

/** What the parse thread gives back for a coursework feed: an event and whether it is all-day. */
export const courseworkEventSchema = sourceEventSchema.extend({
  allDay: z.boolean(),
  /** The VEVENT's CATEGORIES: Moodle names the item's course only there. */
  category: z.string().max(200).nullable().optional(),
});
export type CourseworkEvent = z.infer<typeof courseworkEventSchema>;

/** Canvas writes the course after the title in brackets: "Essay 2 [ENGL 101]". */
const COURSE_SUFFIX = /^(.*?\S)\s*\[([^[\]]+)\]\s*$/;

/** The title without its course suffix, and the course (null when the title names none). */
export function splitTitle(summary: string): { title: string; course: string | null } {
  const match = COURSE_SUFFIX.exec(summary);
  if (!match?.[1] || !match[2]) return { title: summary.trim(), course: null };
  return { title: match[1], course: match[2].trim() };
}

/**
 * Where "Open in Moodle" goes for an item whose feed gave no link of its own (Moodle's export gives
 * none): the site's upcoming events, on the feed's origin alone, never its path or query, which
 * carry the student's token.
 */
export const siteLink = (feed: URL, source: CourseworkSource) =>
  source === 'moodle' ? `${feed.origin}/calendar/view.php?view=upcoming` : null;

/**
 * An item's link, unless it would hand out the feed's secret: one that carries the feed's query
 * (Moodle's `authtoken`, Canvas's calendar token) or its path with the token in it is replaced by
 * the site's own link.
 */
function safeLink(link: string | null, feed: URL, source: CourseworkSource): string | null {
  if (!link) return siteLink(feed, source);
  const secrets = [feed.search.slice(1), feed.pathname.length > 1 ? feed.pathname : '']
    .filter((part) => part.length >= 8)
    .concat(feed.searchParams.get('authtoken') ?? []);
  return secrets.some((secret) => link.includes(secret)) ? siteLink(feed, source) : link;
}

/**
 * The coursework items of a feed's events: an all-day item is due at the end of that campus day; a
 * timed one at its start (Canvas and Moodle both write the due time as DTSTART). At most
 * COURSEWORK_ITEMS_MAX, the soonest first; an id seen twice is kept once. The course is Canvas's
 * bracketed suffix, else the CATEGORIES Moodle puts it in.
 */
export function toItems(
  events: CourseworkEvent[],
  source: CourseworkSource,
  zone: string,
  feed: URL,
): CourseworkItemRecord[] {
  const seen = new Set<string>();
  const items: CourseworkItemRecord[] = [];
  for (const event of events) {
    if (!event.start || seen.has(event.id)) continue;
    seen.add(event.id);
    const start = new Date(event.start);
    const { title, course } = splitTitle(event.title);
    items.push({
      id: event.id.slice(0, 600),
      title: title.slice(0, 500),
      course: (course ?? event.category ?? null)?.slice(0, 200) ?? null,
      due: event.allDay ? endOfCampusDay(campusDate(start, zone), zone) : start,
      allDay: event.allDay,
      link: safeLink(event.link, feed, source),
      source,
    });
  }
  items.sort((a, b) => a.due.getTime() - b.due.getTime() || a.id.localeCompare(b.id));
  return items.slice(0, COURSEWORK_ITEMS_MAX);
}

/** An item's id is its event's UID (or link or title) and `@` its start (feeds/events-ical.ts). */
const START_SUFFIX = /@\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const uidOf = (id: string) => id.replace(START_SUFFIX, '');

/**
 * The key a "done" mark is kept by: the item's UID, which stays the same when the LMS moves the due
 * date or the feed is read again. The occurrences of a repeating event share one UID: each of those
 * is kept by its whole id (UID and start), so marking one done leaves the others.
 */
export function doneKeys(items: readonly CourseworkItemRecord[]): Map<string, string> {
  const count = new Map<string, number>();
  for (const item of items) count.set(uidOf(item.id), (count.get(uidOf(item.id)) ?? 0) + 1);
  return new Map(
    items.map((item) => {
      const uid = uidOf(item.id);
      return [item.id, count.get(uid) === 1 ? uid : item.id];
    }),
  );
}

/**
 * A reading's items, with those of the last reading that have since come due (within
 * COURSEWORK_PAST_DAYS) and that the feed no longer lists: the iCalendar reader gives only what has
 * not ended, and a past-due item stays to be shown overdue until it is marked done (issue 45). One
 * the feed still lists, even moved (the same UID), is the feed's.
 */
export function withRecentPast(
  previous: readonly CourseworkItemRecord[],
  fresh: readonly CourseworkItemRecord[],
  now: Date,
): CourseworkItemRecord[] {
  const since = now.getTime() - COURSEWORK_PAST_DAYS * 86_400_000;
  const listed = new Set(fresh.map((item) => uidOf(item.id)));
  const kept = previous.filter(
    (item) =>
      item.due.getTime() <= now.getTime() &&
      item.due.getTime() > since &&
      !listed.has(uidOf(item.id)),
  );
  return [...kept, ...fresh]
    .sort((a, b) => a.due.getTime() - b.due.getTime() || a.id.localeCompare(b.id))
    .slice(0, COURSEWORK_ITEMS_MAX);
}

/**
 * Whether an item is a calendar event rather than something to hand in (issue 62): Canvas calendar
 * events (UID `event-calendar-event-…`, a planner `calendar_event:`), and Moodle's "… opens" (the day
 * a quiz or assignment opens). Events show their time, never "Due", and have no Mark done.
 */
export function isCalendarEvent(item: Pick<CourseworkItemRecord, 'id' | 'title'>): boolean {
  const id = uidOf(item.id);
  if (/^event-calendar-event-/i.test(id) || /^calendar_event:/i.test(id)) return true;
  return /\s(?:opens|is open)$/i.test(item.title.trim());
}

/** An item as the browser receives it. */
export const itemAnswer = (
  item: CourseworkItemRecord,
  current: boolean,
  done: boolean,
): CourseworkItem => ({
  id: item.id,
  title: item.title,
  course: item.course,
  due: item.due.toISOString(),
  all_day: item.allDay,
  link: item.link,
  source: item.source,
  kind: isCalendarEvent(item) ? 'event' : 'deadline',
  current,
  done,
  submission: item.submission ?? null,
});
