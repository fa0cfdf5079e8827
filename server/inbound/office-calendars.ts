import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerCampus } from '../../contract/campus-config.schema.js';
import { inboundAppointmentSchema } from '../../contract/inbound-appointment.schema.js';
import type { InboundAppointment } from '../../contract/inbound-appointment.schema.js';
import { sourceIdSchema } from '../../contract/inbound.schema.js';
import { officeKey } from '../../contract/office.rules.js';
import type { Repositories } from '../db/repositories.js';
import type { AppointmentRecord } from '../db/repositories/appointments.repository.js';
import { calendarAppointmentSchema } from '../feeds/appointments-ical.js';
import type { CalendarAppointment } from '../feeds/appointments-ical.js';
import { fetchFeed } from '../feeds/fetch-feed.js';
import { parseFeedDocument } from '../feeds/parse-feed.js';
import { publishAppointment } from './appointments.js';
import { InboundRefusal } from './audience.js';
import { portalPublisher } from './publisher.js';
import type { Publisher } from './publisher.js';

/**
 * Appointments from an office's iCalendar address (issue 92), for a campus whose booking system
 * cannot post them: the calendar fetched as the feeds are (bounded), parsed on the parse thread
 * (feeds/appointments-ical.ts), each event's student found by an attendee's email and the
 * appointment stored through `publishAppointment` as the office calendar's own publisher, so
 * reminders, the dashboard, the advisor card, the personal calendar and campaigns treat it as any
 * booking system's. The address is a bearer secret: nothing here logs it.
 */

export type OfficeCalendar = ServerCampus['appointments']['calendars'][number];

/** Events of one calendar mapped at most, soonest first (the parse thread keeps no more). */
const CALENDAR_EVENTS_MAX = 5_000;
/** The component a failure names in its message and log line: never the address. */
const COMPONENT = 'office-calendar';
/** Attendee emails looked up in one statement. */
const EMAILS_AT_ONCE = 500;

export interface OfficeCalendarReading {
  /** Events read in the window. */
  events: number;
  /** Appointments written (new or changed). */
  stored: number;
  /** Appointments read again as stored: nothing written. */
  unchanged: number;
  /** Events none of whose attendees is a stored person (or whose address two people share). */
  unknownAttendee: number;
  /** Events that make no appointment (no place nor link, over a day) or a person not a student. */
  refused: number;
}

/** The office calendar's publisher: named by the office, labelled "<office> calendar". */
const publisherSpec = (office: string) => ({
  name: `calendar-${createHash('sha256')
    .update(officeKey(office) ?? office)
    .digest('hex')
    .slice(0, 16)}`,
  label: `${office} calendar`,
  scopes: ['appointments:write'],
  roles: ['student', 'student_worker'],
  groups: [],
  maxRecipients: 1,
});

/** An event's UID as the appointment's `external_id`: itself when it fits, else its digest. */
const externalIdOf = (uid: string) =>
  sourceIdSchema.safeParse(uid).success
    ? uid
    : `uid-${createHash('sha256').update(uid).digest('hex').slice(0, 40)}`;

interface Person {
  id: number;
  username: string;
}

/** Each attendee email held by exactly one stored person, with that person. */
async function peopleByEmail(
  repos: Repositories,
  events: readonly CalendarAppointment[],
): Promise<Map<string, Person>> {
  const emails = [...new Set(events.flatMap((e) => e.attendees))];
  const found = new Map<string, Person | null>();
  for (let i = 0; i < emails.length; i += EMAILS_AT_ONCE)
    for (const { email, ...person } of await repos.users.byEmails(
      emails.slice(i, i + EMAILS_AT_ONCE),
    ))
      found.set(email, found.has(email) ? null : person);
  return new Map([...found].flatMap(([email, p]) => (p === null ? [] : [[email, p]])));
}

/** The appointment an event makes for `username`, checked as the inbound API checks one. */
function appointmentOf(event: CalendarAppointment, office: string, username: string) {
  return inboundAppointmentSchema.safeParse({
    kind: 'appointment',
    external_id: externalIdOf(event.uid),
    audience: { users: [username] },
    with: { name: (event.organizer ?? office).slice(0, 200), office },
    starts_at: event.start,
    ends_at: event.end,
    ...(event.location ? { place: event.location.slice(0, 300) } : {}),
    ...(event.onlineLink ? { online_link: event.onlineLink } : {}),
    cancelled: event.cancelled,
  });
}

/** The appointment stored already with these very values (read again: nothing to write). */
const isUnchanged = (a: InboundAppointment, userId: number, stored?: AppointmentRecord) =>
  stored !== undefined &&
  stored.userId === userId &&
  stored.withName === a.with.name &&
  stored.withOffice === (a.with.office ?? null) &&
  stored.startsAt.getTime() === Date.parse(a.starts_at) &&
  stored.endsAt.getTime() === Date.parse(a.ends_at) &&
  stored.place === (a.place ?? null) &&
  stored.onlineLink === (a.online_link ?? null) &&
  stored.cancelled === a.cancelled;

export interface ReadContext {
  repos: Repositories;
  log: FastifyBaseLogger;
  now: Date;
  /** The campus clock: a floating time or an unknown TZID is read on it. */
  zone: string;
  /** The feeds' time limit (`FEED_TIMEOUT_MS`). */
  timeoutMs: number;
}

/**
 * One reading of an office's calendar: fetched, parsed off the event loop, each event in the window
 * stored as its student's appointment with the office. Reading the same calendar again writes
 * nothing (an unchanged appointment is not saved again, so no reminder is planned twice); a moved
 * or cancelled one is updated in place. A fetch or parse failure throws (a FeedError, naming no
 * address); an event that cannot be stored is counted, not fatal.
 */
export async function readOfficeCalendar(
  ctx: ReadContext,
  calendar: OfficeCalendar,
): Promise<OfficeCalendarReading> {
  const { repos, now, zone } = ctx;
  const document = await fetchFeed(COMPONENT, calendar.url, ctx.timeoutMs);
  const events = await parseFeedDocument(
    {
      component: COMPONENT,
      kind: 'appointments',
      document,
      now,
      campus: { timeZone: zone },
      keep: CALENDAR_EVENTS_MAX,
    },
    calendarAppointmentSchema,
    ctx.log,
  );
  const reading: OfficeCalendarReading = {
    events: events.length,
    stored: 0,
    unchanged: 0,
    unknownAttendee: 0,
    refused: 0,
  };
  if (events.length === 0) return reading;
  const people = await peopleByEmail(repos, events);
  let publisher: Publisher | undefined;
  for (const event of events) {
    // The student: the first attendee who is a stored person (the organizer is left out).
    const person = event.attendees.map((e) => people.get(e)).find((p) => p !== undefined);
    if (person === undefined) {
      reading.unknownAttendee += 1;
      continue;
    }
    const appointment = appointmentOf(event, calendar.office, person.username);
    if (!appointment.success) {
      reading.refused += 1;
      continue;
    }
    publisher ??= await portalPublisher(repos, now, publisherSpec(calendar.office));
    const stored = await repos.appointments.find(publisher.id, appointment.data.external_id);
    if (isUnchanged(appointment.data, person.id, stored)) {
      reading.unchanged += 1;
      continue;
    }
    try {
      await publishAppointment({ repos, now, zone }, publisher, appointment.data);
      reading.stored += 1;
    } catch (err) {
      if (!(err instanceof InboundRefusal)) throw err;
      reading.refused += 1;
    }
  }
  return reading;
}
