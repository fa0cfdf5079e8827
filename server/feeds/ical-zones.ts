import type ICAL from 'ical.js';
import { findIana } from 'windows-iana';
import { campusInstant } from '../time.js';

const pad = (n: number) => String(n).padStart(2, '0');

const known = new Map<string, boolean>();
/** Whether the platform's time zone database (IANA) knows `tzid`; remembered per name. */
function isIanaZone(tzid: string): boolean {
  let answer = known.get(tzid);
  if (answer === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tzid });
      answer = true;
    } catch {
      answer = false;
    }
    known.set(tzid, answer);
  }
  return answer;
}

/**
 * The IANA zone a TZID names: an IANA name itself, or a Windows name (Outlook, Exchange:
 * "Eastern Standard Time") through CLDR's windowsZones mapping, or null.
 */
export function ianaZoneOf(tzid: string): string | null {
  if (isIanaZone(tzid)) return tzid;
  // CLDR lists the zone for the territory "001" (the one Windows means) first.
  const mapped = findIana(tzid)?.[0];
  return mapped && isIanaZone(mapped) ? mapped : null;
}

/**
 * The instant of an iCalendar time, as a calendar app places it. UTC is exact; a TZID is an IANA
 * or Windows zone name read on that zone's wall clock, else the calendar's own VTIMEZONE (ical.js
 * computes its offsets); floating times, all-day dates and TZIDs nothing defines are campus time.
 */
export function instantOf(time: ICAL.Time, campusZone: string, tzidParam?: string | null): Date {
  // ical.js forgets a TZID that the file does not define (the time turns floating): the property's
  // own TZID parameter, passed by the caller, stands in for it.
  const own = time.zone?.tzid ?? 'floating';
  const tzid = own === 'floating' && tzidParam ? tzidParam : own;
  if (tzid === 'UTC') return new Date(time.toUnixTime() * 1000);
  // Day arithmetic in ical.js (an all-day end is "day + 1") can leave day 32: Date.UTC rolls it over.
  const date = new Date(Date.UTC(time.year, time.month - 1, time.day)).toISOString().slice(0, 10);
  const clock = time.isDate ? '00:00' : `${pad(time.hour)}:${pad(time.minute)}`;
  const iana = tzid === 'floating' || time.isDate ? null : ianaZoneOf(tzid);
  if (iana) return new Date(campusInstant(date, clock, iana).getTime() + time.second * 1000);
  if (!time.isDate && time.zone?.component) return new Date(time.toUnixTime() * 1000);
  const seconds = time.isDate ? 0 : time.second;
  return new Date(campusInstant(date, clock, campusZone).getTime() + seconds * 1000);
}

/** Places the times of one event: its DTSTART's TZID parameter stands in where ical.js lost it. */
export type Placer = (time: ICAL.Time) => number;

export function placerFor(
  vevent: ICAL.Component,
  campusZone: string,
  property = 'dtstart',
): Placer {
  const param = vevent.getFirstProperty(property)?.getParameter('tzid');
  const tzid = typeof param === 'string' ? param : null;
  return (time) => instantOf(time, campusZone, tzid).getTime();
}
