import { ICalCalendar, ICalEventRepeatingFreq, ICalWeekday } from 'ical-generator';
import type { ICalLocation } from 'ical-generator';
import type { Holiday } from '../../contract/campus.schema.js';
import { buildingOf } from '../../contract/buildings.schema.js';
import type { Building } from '../../contract/buildings.schema.js';
import { holidayDates } from '../../contract/holidays.rules.js';
import type { Course } from '../../contract/sis/courses.schema.js';
import type { Meeting } from '../../contract/sis/schedule.schema.js';
import type { TermInfo } from '../../contract/sis/term-info.schema.js';
import type { UserTask } from '../../contract/next-steps/task.schema.js';
import type { I18n } from '@lingui/core';
import type { Language } from '../../contract/language.schema.js';
import { translator } from '../i18n/catalogue.js';
import { addDays, campusDate, campusInstant } from '../time.js';
import { addAppointments } from './appointment-events.js';
import type { CalendarAppointment } from './appointment-events.js';
import { calendarDay, wallClock } from './ical-times.js';
import { vtimezone } from './vtimezone.js';

/** SIS meeting-day letters and their iCalendar weekdays, Monday first. */
const WEEKDAYS = {
  M: ICalWeekday.MO,
  T: ICalWeekday.TU,
  W: ICalWeekday.WE,
  R: ICalWeekday.TH,
  F: ICalWeekday.FR,
  S: ICalWeekday.SA,
  U: ICalWeekday.SU,
} as const;
type DayLetter = keyof typeof WEEKDAYS;
const isDayLetter = (c: string): c is DayLetter => c in WEEKDAYS;
/** getUTCDay() of each letter (Sunday 0). */
const DAY_NUMBER: Record<DayLetter, number> = { U: 0, M: 1, T: 2, W: 3, R: 4, F: 5, S: 6 };

export interface PersonalCalendarInput {
  /** The term in effect, or null when the SIS has none (no classes then). */
  term: TermInfo | null;
  meetings: Meeting[];
  courses: Course[];
  tasks: UserTask[];
  /** Appointments booking systems posted (issue 92), recent and upcoming. */
  appointments: readonly CalendarAppointment[];
  /** The campus holidays: no class meets on them (EXDATE). */
  holidays: readonly Holiday[];
  /** The campus's buildings in the person's language: a class's LOCATION and GEO (issue 89). */
  buildings: readonly Building[];
  zone: string;
  productName: string;
  /** The person's language (issue 59): the feed's own names and words are written in it. */
  language: Language;
  /** The portal's own origin (`https://portal.example.edu`), for links back to it. */
  origin: string;
  /** Written as every event's DTSTAMP, so the same data always gives the same document (ETag). */
  stamp: Date;
  now: Date;
}

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The first date on or after `from` that falls on one of `days`. */
function firstMeetingDate(from: string, days: DayLetter[]): string {
  const wanted = new Set(days.map((d) => DAY_NUMBER[d]));
  let date = from;
  for (let i = 0; i < 7 && !wanted.has(weekday(date)); i++) date = addDays(date, 1);
  return date;
}

/** UNTIL, written in UTC as RFC 5545 requires with a TZID: the last instant of the last day on campus. */
const untilInstant = (lastDay: string, zone: string) =>
  new Date(campusInstant(addDays(lastDay, 1), '00:00', zone).getTime() - 1000);

const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);

function addMeetings(
  calendar: ICalCalendar,
  input: PersonalCalendarInput,
  host: string,
  i18n: I18n,
) {
  const { term, zone } = input;
  if (!term) return;
  const instructors = new Map(input.courses.map((c) => [c.COURSEREGISTRATIONNUMBER, c]));
  for (const m of input.meetings) {
    const days = [...m.DAYS].filter(isDayLetter);
    // A web course has no meeting days or times: nothing to put on a calendar.
    const { STARTTIME: startsAt, ENDTIME: endsAt } = m;
    if (days.length === 0 || !startsAt || !endsAt) continue;
    const first = firstMeetingDate(later(m.STARTDATE, term.start_date), days);
    const last = earlier(m.ENDDATE, term.end_date);
    if (first > last) continue;
    const course = instructors.get(m.COURSEREGISTRATIONNUMBER);
    // A holiday on a meeting day is an EXDATE at the class's own start time (RFC 5545 §3.8.5.1).
    const meets = new Set(days.map((d) => DAY_NUMBER[d]));
    const skipped = holidayDates(input.holidays, first, last).filter((d) => meets.has(weekday(d)));
    const place = placeOf(m, input.buildings);
    calendar.createEvent({
      id: `class-${m.TERMCODE}-${m.COURSEREGISTRATIONNUMBER}-${m.DAYS}-${m.STARTTIME}@${host}`,
      stamp: input.stamp,
      start: wallClock(first, startsAt),
      end: wallClock(first, endsAt),
      timezone: zone,
      repeating: {
        freq: ICalEventRepeatingFreq.WEEKLY,
        byDay: days.map((d) => WEEKDAYS[d]),
        until: untilInstant(last, zone),
        ...(skipped.length > 0 && {
          exclude: skipped.map((d) => wallClock(d, startsAt)),
        }),
      },
      summary: `${m.SUBJECTCODE} ${m.COURSENUMBER}: ${m.COURSETITLE}`,
      location: place,
      description: [
        `CRN ${m.COURSEREGISTRATIONNUMBER}`,
        i18n._({
          id: 'calendar.instructor',
          message: 'Instructor: {name}',
          values: {
            name:
              course?.FACULTYNAME ??
              i18n._({ id: 'calendar.instructor.unknown', message: 'To be announced' }),
          },
        }),
        `${m.MEETINGTYPE}, ${term.description}`,
      ].join('\n'),
    });
  }
}

/**
 * A class's place: its building's name (the campus's, in the person's language) and room, and its
 * site where the campus has more than one ("Cramer Hall 120 · Downtown Campus"), with the street
 * address and coordinates where the campus lists the building or the SIS placed it (LOCATION's
 * second line, GEO; issue 89); else the place as the record writes it.
 */
function placeOf(m: Meeting, buildings: readonly Building[]): ICalLocation | string | null {
  const building = buildingOf(buildings, m.BUILDING) ?? m.PLACE;
  if (building) {
    const named = [building.name, m.ROOM].filter(Boolean).join(' ');
    return {
      title: m.PLACE?.site ? `${named} · ${m.PLACE.site}` : named,
      address: building.address,
      geo: { lat: building.latitude, lon: building.longitude },
    };
  }
  const written = [[m.BUILDING, m.ROOM].filter(Boolean).join(' '), m.LOCATION];
  return written.filter(Boolean).join(', ') || null;
}

/** next-steps: a task with a deadline, not done and not dismissed. */
const isOpenDeadline = (t: UserTask) =>
  t.task.has_deadline && t.task.ends_on !== null && !t.completed_on && !t.does_not_apply_on;

function addDeadlines(
  calendar: ICalCalendar,
  input: PersonalCalendarInput,
  host: string,
  i18n: I18n,
) {
  for (const t of input.tasks.filter(isOpenDeadline)) {
    // A date-only deadline (db/date-only-end.ts) is its own day, as an all-day event: a date,
    // not a time, so it shows on that day in every calendar whatever the viewer's zone, where a
    // timed 11:59 PM event would move to the next day east of campus. A timed one is on its
    // campus day.
    const due = t.task.ends_on_day ?? campusDate(new Date(t.task.ends_on ?? ''), input.zone);
    const link = `${input.origin}/next-steps/task/${t.task.id}`;
    calendar.createEvent({
      id: `task-${t.id}@${host}`,
      stamp: input.stamp,
      start: calendarDay(due),
      end: calendarDay(addDays(due, 1)),
      allDay: true,
      summary: i18n._({
        id: 'calendar.due',
        message: 'Due: {title}',
        values: { title: t.task.title },
      }),
      description: i18n._({
        id: 'calendar.task.open',
        message: 'Next Steps task. Open it: {link}',
        values: { link },
      }),
      url: link,
    });
  }
}

/**
 * The personal calendar feed: this term's class meetings as weekly events in the campus zone (with
 * its VTIMEZONE, so they stay at the same wall-clock time across daylight-saving changes) and the
 * open Next Steps deadlines as all-day events on their due date, and the person's appointments
 * (appointment-events.ts). A class does not meet on a campus holiday: that date is an EXDATE of its
 * series.
 */
export function personalCalendar(input: PersonalCalendarInput): string {
  const host = new URL(input.origin).host;
  const year = Number((input.term?.start_date ?? campusDate(input.now, input.zone)).slice(0, 4));
  const i18n = translator(input.language);
  const calendar = new ICalCalendar({
    name: i18n._({
      id: 'calendar.name',
      message: '{product}: classes and deadlines',
      values: { product: input.productName },
    }),
    prodId: {
      company: input.productName,
      product: 'Personal calendar',
      language: input.language.toUpperCase(),
    },
    ttl: 3600,
  });
  // No calendar-wide zone: ical-generator would then write DTSTAMP on the process's clock. Each
  // class names the campus zone itself, and the generator adds that zone's VTIMEZONE.
  calendar.timezone({ name: null, generator: (zone) => vtimezone(zone, year - 1, year + 2) });
  calendar.x('X-WR-TIMEZONE', input.zone);
  addMeetings(calendar, input, host, i18n);
  addDeadlines(calendar, input, host, i18n);
  addAppointments(calendar, input.appointments, host, input.stamp, i18n);
  return calendar.toString();
}
