/**
 * Dates as the portal shows them. Formatting is the browser's own Intl.DateTimeFormat (the platform
 * date-fns-tz itself calls for zones), assembled from its parts so the text is the same in every
 * engine: no engine-specific spaces before AM/PM, no locale's own punctuation. The server's
 * calendar arithmetic uses date-fns-tz (server/time.ts).
 */

/** next-steps.md §9: dates are shown in US English with the UTC time zone. */
const ZONE = 'UTC';

const at = (iso: string) => new Date(iso);

/**
 * The language dates are written in (issue 59): US English by default, assembled from Intl's parts
 * as the specs write them; in another language (`es-US`), Intl's own form for that language
 * ("jueves, 26 de noviembre de 2026"). src/lib/i18n.ts sets it with the page's language.
 */
let formatLocale = 'en-US';
export function setFormatLocale(tag: string): void {
  formatLocale = tag;
}
const localFormats = new Map<string, Intl.DateTimeFormat>();
/** `date` in the chosen language, or null in US English (whose forms are assembled below). */
function inLocale(date: Date, zone: string, options: Intl.DateTimeFormatOptions): string | null {
  if (formatLocale === 'en-US') return null;
  const key = `${formatLocale} ${zone} ${Object.keys(options).join()}`;
  let format = localFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(formatLocale, { ...options, timeZone: zone });
    localFormats.set(key, format);
  }
  return format.format(date);
}
const DAY = { month: 'short', day: 'numeric', year: 'numeric' } as const;
const DAY_TIME = { ...DAY, hour: 'numeric', minute: '2-digit' } as const;

const FIELDS = ['weekday', 'month', 'day', 'year', 'hour', 'minute', 'dayPeriod'] as const;
type Field = (typeof FIELDS)[number];
export type Parts = Record<Field, string>;
const isField = (type: string): type is Field => FIELDS.some((field) => field === type);

const STYLES = {
  /** "Sep", "15", "2026", "2", "05", "PM" */
  short: { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' },
  /** "Tuesday", "September", "15", "2026" */
  long: { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' },
  /** "Tue", "09", "15", "2026": the calendar day as numbers, and its weekday */
  numeric: { weekday: 'short', month: '2-digit', day: '2-digit', year: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

const formats = new Map<string, Intl.DateTimeFormat>();
/**
 * Parts already taken apart, by style, zone and instant: `formatToParts` is the costliest call of a
 * dashboard's first render (its task dates, posts and classes, again on each re-render). Bounded.
 */
const taken = new Map<string, Parts>();
const TAKEN_MAX = 2_000;

/**
 * The short style's fields of an instant in UTC counted without Intl, when an app has one
 * (`lib/utc-short.ts`, which Next Steps installs): the portal's first route leaves it out (its
 * budget, bench:bundle).
 */
let countedUtcShort: ((date: Date) => Parts | null) | null = null;
export function countUtcShort(count: (date: Date) => Parts | null): void {
  countedUtcShort = count;
}

/** The fields of an instant in a zone; one formatter per style and zone, made once. */
function partsOf(date: Date, zone: string, style: keyof typeof STYLES): Parts {
  const counted = zone === 'UTC' && style === 'short' ? countedUtcShort?.(date) : null;
  if (counted) return counted;
  const key = `${style} ${zone}`;
  const instant = `${key} ${date.getTime()}`;
  const known = taken.get(instant);
  if (known) return { ...known };
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      ...STYLES[style],
      timeZone: zone,
      hourCycle: 'h12',
    });
    formats.set(key, format);
  }
  const parts: Parts = {
    weekday: '',
    month: '',
    day: '',
    year: '',
    hour: '',
    minute: '',
    dayPeriod: '',
  };
  for (const part of format.formatToParts(date)) {
    if (isField(part.type)) parts[part.type] = part.value;
  }
  if (taken.size >= TAKEN_MAX) taken.clear();
  taken.set(instant, parts);
  return { ...parts };
}

/**
 * Makes a zone's formatters ahead, while the first screen waits for its answers: a zone's first
 * formatter loads its rules (about 80 ms under a phone's 4x slowdown), which would otherwise fall in
 * the task that draws the dashboard (issue #31).
 */
export function prepareZone(zone: string): void {
  const now = new Date();
  partsOf(now, zone, 'short');
  partsOf(now, zone, 'numeric');
}

/** "Sep 15, 2026", or with the time: "Sep 15, 2026, 2:05 PM". */
function shortForm(date: Date, zone: string, withTime: boolean): string {
  const local = inLocale(date, zone, withTime ? DAY_TIME : DAY);
  if (local !== null) return local;
  const p = partsOf(date, zone, 'short');
  const day = `${p.month} ${p.day}, ${p.year}`;
  return withTime ? `${day}, ${p.hour}:${p.minute} ${p.dayPeriod.toUpperCase()}` : day;
}

/** Short form, month and day: "Sep 15". */
export function formatShortDate(iso: string): string {
  const local = inLocale(at(iso), ZONE, { month: 'short', day: 'numeric' });
  if (local !== null) return local;
  const p = partsOf(at(iso), ZONE, 'short');
  return `${p.month} ${p.day}`;
}

/** Long form, with the weekday: "Tuesday, September 15, 2026". */
export function formatLongDate(iso: string): string {
  const local = inLocale(at(iso), ZONE, STYLES.long);
  if (local !== null) return local;
  const p = partsOf(at(iso), ZONE, 'long');
  return `${p.weekday}, ${p.month} ${p.day}, ${p.year}`;
}

/** A calendar day `YYYY-MM-DD` as an instant whose UTC date is that day. */
const dayAt = (day: string) => new Date(`${day}T12:00:00Z`);

/**
 * A task's end in the short form, "Nov 26". A date-only end (`endsOnDay`, contract task.schema.ts)
 * is shown as its day: its `ends_on` is the end of that day on the campus clock, which in UTC (the
 * zone these forms use, §9) is already the next day.
 */
export function formatEndShort(endsOn: string, endsOnDay: string | null): string {
  return formatShortDate(endsOnDay === null ? endsOn : dayAt(endsOnDay).toISOString());
}

/** A task's end in the long form, "Thursday, November 26, 2026"; a date-only end by its day. */
export function formatEndLong(endsOn: string, endsOnDay: string | null): string {
  return formatLongDate(endsOnDay === null ? endsOn : dayAt(endsOnDay).toISOString());
}

/** Date-time form, with hour and minute: "Sep 15, 2026, 12:00 PM". */
export function formatDateTime(iso: string): string {
  return shortForm(at(iso), ZONE, true);
}

/** portal.md §1: the campus time zone, whatever the browser's own zone is. */
export const CAMPUS_ZONE = 'America/Los_Angeles';

/** The SIS's weekday letters, Monday first (ISO weekday 1 … 7). */
const DAY_LETTERS = ['M', 'T', 'W', 'R', 'F', 'S', 'U'] as const;
export type DayLetter = (typeof DAY_LETTERS)[number];
/** Intl's short English weekdays in the same order. */
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** A day on the campus calendar: its date `YYYY-MM-DD` and its SIS weekday letter. */
export interface CampusDay {
  date: string;
  weekday: DayLetter;
}

/** The campus calendar day at instant `now`, in `zone` (the campus's zone, never the browser's). */
export function campusDay(now: Date, zone: string = CAMPUS_ZONE): CampusDay {
  const p = partsOf(now, zone, 'numeric');
  return {
    date: `${p.year}-${p.month}-${p.day}`,
    weekday: DAY_LETTERS[WEEKDAYS.indexOf(p.weekday)] ?? 'M',
  };
}

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** Whole days from calendar date `from` to calendar date `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round(dayNumber(to) - dayNumber(from));
}

/** A campus wall-clock time `HH:MM` (24 h) as US English: "1:50 PM". */
export function formatClockTime(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const local = inLocale(new Date(Date.UTC(2000, 0, 1, h, m)), 'UTC', {
    hour: 'numeric',
    minute: '2-digit',
  });
  if (local !== null) return local;
  const suffix = h < 12 ? 'AM' : 'PM';
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${suffix}`;
}

/** A calendar date `YYYY-MM-DD` as US English: "Jun 16, 2026" (a day, so no zone shifts it). */
export function formatCalendarDate(date: string): string {
  return shortForm(new Date(`${date}T12:00:00Z`), 'UTC', false);
}

/** portal.md §1: a day as the portal shows it, in the campus time zone: "Nov 21, 2026". */
export function formatCampusDate(iso: string, timeZone: string): string {
  return shortForm(at(iso), timeZone, false);
}

/** An instant as the portal shows it, in the campus time zone: "Nov 21, 2026, 4:00 AM". */
export function formatCampusDateTime(iso: string, timeZone: string): string {
  return shortForm(at(iso), timeZone, true);
}

/**
 * Issue 76: an event's or news item's time in the reader's language, from its instants on the
 * campus clock: "sáb, 28 de nov de 2026, 4:00–5:30 p.m."; an all-day item by its days (its end is
 * the next midnight). Null in US English, whose form the server writes (`datetime_string`, §3).
 */
export function formatEventTime(
  start: string,
  end: string | null,
  timeZone: string,
  allDay: boolean,
): string | null {
  if (formatLocale === 'en-US') return null;
  const from = at(start).getTime();
  const until = end === null ? from : Math.max(from, at(end).getTime() - (allDay ? 1 : 0));
  return new Intl.DateTimeFormat(formatLocale, {
    weekday: 'short',
    ...(allDay ? DAY : DAY_TIME),
    timeZone,
  }).formatRange(from, until);
}

/** A time of day in the campus time zone: "9:41 AM" (the offline notice's "what you saw at"). */
export function formatCampusTime(iso: string, timeZone: string): string {
  const local = inLocale(at(iso), timeZone, { hour: 'numeric', minute: '2-digit' });
  if (local !== null) return local;
  const p = partsOf(at(iso), timeZone, 'short');
  return `${p.hour}:${p.minute} ${p.dayPeriod.toUpperCase()}`;
}
