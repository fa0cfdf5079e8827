import type { SampleClock } from './sample-clock.js';

const site = 'https://www.campus.example.edu/events';
const images = 'https://images.campus.example.edu/events';

/** One timed event in UTC, the way most calendar exports write it. */
const timed = (c: SampleClock, uid: string, days: number, from: string, to: string, rest: string) =>
  `BEGIN:VEVENT
UID:${uid}@events.campus.example.edu
DTSTAMP:${c.icalUtc(c.at(-30, '09:00'))}
DTSTART:${c.icalUtc(c.at(days, from))}
DTEND:${c.icalUtc(c.at(days, to))}
${rest.trim()}
END:VEVENT
`;

/**
 * The embedded default of the university events calendar (iCalendar, as calendar platforms export
 * it), dated relative to now. Beyond ordinary events it holds what a real feed throws at the portal:
 * a past event, an event without a start, HTML in a title, a `javascript:` link, an all-day event,
 * a wall-clock time with a TZID and its VTIMEZONE, a floating time, a weekly recurring event,
 * an online event, and more than 12 upcoming events.
 */
export function universityEventsSample(c: SampleClock): string {
  const ordinary = [
    [
      'Fall Career Fair',
      2,
      '10:00',
      '14:00',
      'Smith Memorial Student Union Ballroom',
      'career-fair',
    ],
    ['Library Research Drop-in', 3, '13:00', '15:00', 'Millar Library 160', 'library'],
    [
      'Study Abroad Info Session',
      4,
      '12:00',
      '13:00',
      'Academic and Student Recreation Center 110',
      'abroad',
    ],
    ['Guest Lecture: Cities and Water', 5, '18:00', '19:30', 'Lincoln Hall 75', 'lecture'],
    ['Orchestra Winter Concert', 8, '19:30', '21:30', 'Lincoln Performance Hall', 'concert'],
    ['Financial Aid Workshop', 9, '11:00', '12:00', 'Fariborz Maseeh Hall 1200', 'aid'],
    ['Student Art Exhibition Opening', 10, '17:00', '19:00', 'Littman Gallery', 'art'],
    ['Resume Review Day', 12, '09:00', '16:00', 'Career Center', 'resume'],
    ['Graduate School Panel', 14, '15:00', '16:30', 'Cramer Hall 53', 'grad'],
  ] as const;
  return `BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Campus University//Events Calendar//EN
X-WR-CALNAME:Campus University Events
BEGIN:VTIMEZONE
TZID:America/Los_Angeles
BEGIN:DAYLIGHT
TZOFFSETFROM:-0800
TZOFFSETTO:-0700
TZNAME:PDT
DTSTART:19700308T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU
END:DAYLIGHT
BEGIN:STANDARD
TZOFFSETFROM:-0700
TZOFFSETTO:-0800
TZNAME:PST
DTSTART:19701101T020000
RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU
END:STANDARD
END:VTIMEZONE
${timed(c, 'past-welcome', -3, '10:00', '12:00', `SUMMARY:Welcome Week Picnic (already over)\nLOCATION:Park Blocks\nURL:${site}/picnic`)}${ordinary
    .map(([title, days, from, to, location, slug]) =>
      timed(
        c,
        slug,
        days,
        from,
        to,
        `SUMMARY:${title}\nLOCATION:${location.replace(/,/g, '\\,')}\nURL:${site}/${slug}\nIMAGE;VALUE=URI;DISPLAY=BADGE:${images}/${slug}.jpg`,
      ),
    )
    .join(
      '',
    )}${timed(c, 'html-title', 6, '16:00', '17:00', `SUMMARY:<b>Pizza</b> &amp; Politics: <i>Election Recap</i>\nLOCATION:Urban Center Plaza\nURL:${site}/pizza-politics`)}${timed(c, 'bad-link', 7, '12:00', '13:00', 'SUMMARY:Meditation Hour\nLOCATION:Student Health and Counseling\nURL:javascript:alert(1)')}${timed(c, 'online', 11, '17:00', '18:00', `SUMMARY:Online Alumni Mixer\nCONFERENCE;VALUE=URI;FEATURE=VIDEO:https://meet.campus.example.edu/alumni\nURL:${site}/alumni-mixer`)}BEGIN:VEVENT
UID:no-start@events.campus.example.edu
DTSTAMP:${c.icalUtc(c.at(-30, '09:00'))}
SUMMARY:Date to be announced
LOCATION:Somewhere on campus
END:VEVENT
BEGIN:VEVENT
UID:tzid@events.campus.example.edu
DTSTAMP:${c.icalUtc(c.at(-30, '09:00'))}
DTSTART;TZID=America/Los_Angeles:${c.icalLocal(c.at(1, '16:00'))}
DTEND;TZID=America/Los_Angeles:${c.icalLocal(c.at(1, '17:30'))}
SUMMARY:Chess Club Open Play
LOCATION:Smith Memorial Student Union 238
URL:${site}/chess
END:VEVENT
BEGIN:VEVENT
UID:floating@events.campus.example.edu
DTSTAMP:${c.icalUtc(c.at(-30, '09:00'))}
DTSTART:${c.icalLocal(c.at(13, '10:00'))}
DTEND:${c.icalLocal(c.at(13, '11:00'))}
SUMMARY:Campus Sustainability Walk
LOCATION:Urban Center Plaza
END:VEVENT
BEGIN:VEVENT
UID:all-day@events.campus.example.edu
DTSTAMP:${c.icalUtc(c.at(-30, '09:00'))}
DTSTART;VALUE=DATE:${c.icalDate(15)}
DTEND;VALUE=DATE:${c.icalDate(16)}
SUMMARY:Last Day to Drop a Class
URL:${site}/drop-deadline
END:VEVENT
BEGIN:VEVENT
UID:weekly-yoga@events.campus.example.edu
DTSTAMP:${c.icalUtc(c.at(-30, '09:00'))}
DTSTART;TZID=America/Los_Angeles:${c.icalLocal(c.at(-14, '07:30'))}
DTEND;TZID=America/Los_Angeles:${c.icalLocal(c.at(-14, '08:30'))}
RRULE:FREQ=WEEKLY;COUNT=12
SUMMARY:Sunrise Yoga
LOCATION:Academic and Student Recreation Center
URL:${site}/yoga
END:VEVENT
END:VCALENDAR
`.replace(/\n/g, '\r\n');
}
