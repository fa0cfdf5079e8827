import type ICAL from 'ical.js';
import { z } from 'zod';
import { httpUrl, plainText } from '../plain-text.js';
import type { FeedLimits } from './feed-limits.js';
import { nextOfEachSeries } from './ical-calendar.js';
import type { ItemOf } from './ical-calendar.js';
import { isCancelled } from './ical-series.js';

/**
 * An office's calendar of appointments (issue 92: the invitations Starfish, Outlook and others send
 * are iCalendar, RFC 5545 with RFC 5546's METHOD), read on the parse thread into plain appointments
 * the server then maps to students (inbound/office-calendars.ts).
 */

const DAY_MS = 86_400_000;

/** Which appointments a reading keeps: ended at most a day ago, starting at most 180 days ahead. */
const APPOINTMENT_WINDOW = { pastDays: 1, aheadDays: 180 } as const;

/** The hosts of the online meeting services whose links in LOCATION or DESCRIPTION are the join link. */
const MEETING_HOSTS = [
  'zoom.us',
  'zoomgov.com',
  'teams.microsoft.com',
  'teams.live.com',
  'meet.google.com',
  'webex.com',
  'whereby.com',
  'gotomeeting.com',
  'meet.goto.com',
  'bluejeans.com',
  'chime.aws',
  'meet.jit.si',
];

/** An https address on an online meeting service (a host of MEETING_HOSTS or under one). */
function isMeetingLink(address: string): boolean {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  return (
    url.protocol === 'https:' && MEETING_HOSTS.some((h) => host === h || host.endsWith(`.${h}`))
  );
}

const LINKS = /https:\/\/[^\s<>"'()]+/gi;

/** The first meeting link written in a text (a LOCATION, a DESCRIPTION), trailing stops aside. */
function meetingLinkIn(text: string): string | null {
  for (const found of text.matchAll(LINKS)) {
    const link = found[0].replace(/[.,;:!?]+$/, '');
    if (isMeetingLink(link)) return link;
  }
  return null;
}

/** What the parse thread gives back for one VEVENT: plain data, checked again on the other side. */
export const calendarAppointmentSchema = z.object({
  uid: z.string().min(1).max(1000),
  start: z.iso.datetime(),
  end: z.iso.datetime(),
  /** The ORGANIZER's CN (the advisor), or null. */
  organizer: z.string().max(1000).nullable(),
  /** The ATTENDEEs' mailto addresses, lower-cased, the organizer's left out. */
  attendees: z.array(z.string().max(320)).max(50),
  location: z.string().max(2000).nullable(),
  onlineLink: z.string().max(2000).nullable(),
  cancelled: z.boolean(),
});
export type CalendarAppointment = z.infer<typeof calendarAppointmentSchema>;

/** A CAL-ADDRESS (RFC 5545 §3.3.3) as a lower-cased email, or null when it is not mailto:. */
function emailOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^mailto:(.+)$/i.exec(value.trim());
  const email = match?.[1]?.trim().toLowerCase();
  return email && email.length <= 320 && email.includes('@') ? email : null;
}

/**
 * The online link: URL (RFC 5545 §3.8.4.6), else a CONFERENCE (RFC 7986 §5.11), else a meeting
 * service's link written in LOCATION or DESCRIPTION (Outlook and Teams write it there).
 */
function onlineLinkOf(vevent: ICAL.Component, location: string): string | null {
  const own = [vevent.getFirstPropertyValue('url'), vevent.getFirstPropertyValue('conference')]
    .map(httpUrl)
    .find((link) => link?.startsWith('https://'));
  if (own) return own;
  const description = String(vevent.getFirstPropertyValue('description') ?? '');
  return meetingLinkIn(location) ?? meetingLinkIn(description.slice(0, 20_000));
}

/**
 * One appointment of a VEVENT (RFC 5545 §3.6.1) at one occurrence: cancelled by its STATUS
 * (§3.8.1.11) or by the calendar's METHOD:CANCEL (RFC 5546 §3.2.5). An all-day event is a day
 * marked on the office's calendar, not an appointment, and gives none.
 */
function appointmentOf(calendar: ICAL.Component): ItemOf<CalendarAppointment> {
  const method = String(calendar.getFirstPropertyValue('method') ?? '').toUpperCase();
  return (vevent, at, series) => {
    const field = (name: string) =>
      plainText(vevent.getFirstPropertyValue(name)) ||
      (series ? plainText(series.getFirstPropertyValue(name)) : '');
    const uid = field('uid');
    if (!uid || at.start.isDate) return null;
    const organizer = vevent.getFirstProperty('organizer') ?? series?.getFirstProperty('organizer');
    const organizerEmail = emailOf(organizer?.getFirstValue());
    const cn = organizer?.getParameter('cn');
    const attendees = (vevent.hasProperty('attendee') ? vevent : (series ?? vevent))
      .getAllProperties('attendee')
      .map((p) => emailOf(p.getFirstValue()))
      .filter((e): e is string => e !== null && e !== organizerEmail)
      .slice(0, 50);
    const location = field('location');
    const item: CalendarAppointment = {
      uid,
      start: new Date(at.startMs).toISOString(),
      end: new Date(at.endMs).toISOString(),
      organizer: typeof cn === 'string' && cn.trim() !== '' ? plainText(cn) : null,
      attendees,
      location: location || null,
      onlineLink: onlineLinkOf(vevent, location),
      cancelled: method === 'CANCEL' || isCancelled(vevent),
    };
    return { item, endMs: at.endMs };
  };
}

/**
 * An office calendar's appointments, soonest first, at most `keep`: each series' next (a single
 * event's own, kept a day after it ends), cancelled ones included, none starting past the window.
 */
export function parseIcalAppointments(
  feed: string,
  now: Date,
  zone: string,
  limits: FeedLimits,
  keep: number,
): CalendarAppointment[] {
  const horizon = now.getTime() + APPOINTMENT_WINDOW.aheadDays * DAY_MS;
  const since = new Date(now.getTime() - APPOINTMENT_WINDOW.pastDays * DAY_MS);
  return nextOfEachSeries(
    feed,
    {
      now,
      since,
      zone,
      limits: { ...limits, horizonDays: APPOINTMENT_WINDOW.aheadDays },
      keepCancelled: true,
    },
    appointmentOf,
  )
    .filter((a) => Date.parse(a.start) <= horizon)
    .sort((a, b) => a.start.localeCompare(b.start))
    .slice(0, keep);
}
