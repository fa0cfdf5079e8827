/**
 * An advising office's calendar as Starfish and Outlook publish the invitations they send: iCalendar
 * (RFC 5545) with an iTIP method (RFC 5546), lines ending CRLF (RFC 5545 §3.1).
 */

/** RFC 5545 §3.6.5: the zone the times are written in, as Starfish writes it (IANA's name). */
const LOS_ANGELES = [
  'BEGIN:VTIMEZONE',
  'TZID:America/Los_Angeles',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:-0800',
  'TZOFFSETTO:-0700',
  'TZNAME:PDT',
  'DTSTART:19700308T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:-0700',
  'TZOFFSETTO:-0800',
  'TZNAME:PST',
  'DTSTART:19701101T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** The same zone as Outlook and Exchange name it (a Windows name, mapped by CLDR). */
const PACIFIC_WINDOWS = LOS_ANGELES.map((line) =>
  line === 'TZID:America/Los_Angeles' ? 'TZID:Pacific Standard Time' : line,
);

export interface Invitation {
  /** RFC 5545 §3.8.4.7: the booking system's own id. */
  uid: string;
  /** RFC 5545 §3.8.7.4: the revision (RFC 5546 §2.1.4: a reschedule raises it). */
  sequence?: number;
  /** Local wall-clock times, `YYYYMMDDTHHMMSS`, in `tzid`. */
  start: string;
  end: string;
  tzid?: string;
  /** RFC 5545 §3.8.4.3: the advisor, by CN. */
  organizer?: { cn: string; email: string };
  /** RFC 5545 §3.8.4.1: the student (and whoever else is invited). */
  attendees: Array<{ cn: string; email: string }>;
  /** RFC 5545 §3.8.1.7. */
  location?: string;
  /** RFC 5545 §3.8.4.6: the meeting's address. */
  url?: string;
  /** RFC 5545 §3.8.1.5; Outlook writes a Teams link here, with no URL. */
  description?: string;
  /** RFC 5545 §3.8.1.11: CONFIRMED or CANCELLED. */
  status?: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
}

/** RFC 5545 §3.3.11: a TEXT value's commas, semicolons and backslashes escaped, newlines as \n. */
const text = (value: string) => value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\n/g, '\\n');

/** RFC 5545 §3.6.1: one VEVENT of an invitation. */
function vevent(e: Invitation): string[] {
  const organizer = e.organizer ?? { cn: 'Dr. Lee', email: 'lee@campus.example.edu' };
  const tzid = e.tzid ?? 'America/Los_Angeles';
  return [
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `SEQUENCE:${e.sequence ?? 0}`,
    'DTSTAMP:20271130T170000Z',
    `DTSTART;TZID=${tzid}:${e.start}`,
    `DTEND;TZID=${tzid}:${e.end}`,
    `SUMMARY:${text('Advising appointment')}`,
    `ORGANIZER;CN=${organizer.cn}:mailto:${organizer.email}`,
    // The organizer is invited too, as Outlook and Starfish list them (ROLE=CHAIR).
    `ATTENDEE;CN=${organizer.cn};ROLE=CHAIR;PARTSTAT=ACCEPTED:mailto:${organizer.email}`,
    ...e.attendees.map(
      (a) =>
        `ATTENDEE;CN=${a.cn};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:${a.email}`,
    ),
    ...(e.location ? [`LOCATION:${text(e.location)}`] : []),
    ...(e.url ? [`URL:${e.url}`] : []),
    ...(e.description ? [`DESCRIPTION:${text(e.description)}`] : []),
    `STATUS:${e.status ?? 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
  ];
}

/**
 * The office's calendar: RFC 5546 §3.2.2 METHOD:REQUEST (an invitation; §3.2.5 CANCEL withdraws
 * one), both zones defined, each invitation a VEVENT.
 */
export function officeCalendar(
  invitations: Invitation[],
  method: 'REQUEST' | 'PUBLISH' | 'CANCEL' = 'REQUEST',
): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'PRODID:-//Hobsons//Starfish Calendar//EN',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    ...LOS_ANGELES,
    ...PACIFIC_WINDOWS,
    ...invitations.flatMap(vevent),
    'END:VCALENDAR',
  ];
  return `${lines.join('\r\n')}\r\n`;
}
