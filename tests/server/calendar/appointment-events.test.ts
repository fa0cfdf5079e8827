import { describe, expect, it } from 'vitest';
import type { CalendarAppointment } from '../../../server/calendar/appointment-events.js';
import { personalCalendar } from '../../../server/calendar/personal-calendar.js';
import type { PersonalCalendarInput } from '../../../server/calendar/personal-calendar.js';
import { readCalendar } from './ical-read.js';

const appointment = (over: Partial<CalendarAppointment> = {}): CalendarAppointment => ({
  id: 7,
  withName: 'Dr. Lee',
  withOffice: 'Academic Advising',
  startsAt: new Date('2027-12-03T18:00:00.000Z'),
  endsAt: new Date('2027-12-03T18:30:00.000Z'),
  place: 'Student Services 210',
  onlineLink: null,
  cancelled: false,
  updatedAt: '2027-12-01T12:00:00.000Z',
  ...over,
});

const input = (
  appointments: CalendarAppointment[],
  language: 'en' | 'es' = 'en',
): PersonalCalendarInput => ({
  term: null,
  meetings: [],
  courses: [],
  tasks: [],
  appointments,
  holidays: [],
  buildings: [],
  zone: 'America/Los_Angeles',
  productName: 'Campus Portal',
  language,
  origin: 'https://portal.campus.example.edu',
  stamp: new Date('2027-10-01T16:00:00.000Z'),
  now: new Date('2027-12-01T12:00:00.000Z'),
});

const eventsOf = (i: PersonalCalendarInput) => readCalendar(personalCalendar(i)).events;

describe('appointments in the personal calendar (issue 92)', () => {
  it('an appointment is an event at its instants, "Appointment with <name>", its LOCATION the place', () => {
    const [event, ...rest] = eventsOf(input([appointment()]));
    expect(rest).toEqual([]);
    expect(event?.summary).toBe('Appointment with Dr. Lee');
    expect(event?.location).toBe('Student Services 210');
    expect(event?.description).toBe('Academic Advising');
    expect(event?.startDate.toJSDate().toISOString()).toBe('2027-12-03T18:00:00.000Z');
    expect(event?.endDate.toJSDate().toISOString()).toBe('2027-12-03T18:30:00.000Z');
    expect(event?.uid).toBe('appointment-7@portal.campus.example.edu');
    expect(event?.component.getFirstPropertyValue('status')).toBeNull();
    expect(event?.component.getFirstPropertyValue('url')).toBeNull();
  });

  it('an online appointment: URL the link, and LOCATION the link when there is no place', () => {
    const link = 'https://meet.example.edu/lee';
    const [online] = eventsOf(input([appointment({ place: null, onlineLink: link })]));
    expect(online?.location).toBe(link);
    expect(online?.component.getFirstPropertyValue('url')).toBe(link);
    const [both] = eventsOf(input([appointment({ onlineLink: link })]));
    expect(both?.location).toBe('Student Services 210');
    expect(both?.component.getFirstPropertyValue('url')).toBe(link);
  });

  it('a cancelled appointment stays in the feed with STATUS:CANCELLED', () => {
    const [event] = eventsOf(input([appointment({ cancelled: true })]));
    expect(event?.summary).toBe('Appointment with Dr. Lee');
    expect(event?.component.getFirstPropertyValue('status')).toBe('CANCELLED');
  });

  it('an update changes LAST-MODIFIED, so a subscribed calendar takes it', () => {
    const [event] = eventsOf(input([appointment({ updatedAt: '2027-12-02T08:00:00.000Z' })]));
    const modified = event?.component.getFirstPropertyValue('last-modified');
    expect(String(modified)).toBe('2027-12-02T08:00:00Z');
  });

  it('for a reader of Spanish, the summary is in Spanish', () => {
    const [event] = eventsOf(input([appointment()], 'es'));
    expect(event?.summary).toBe('Cita con Dr. Lee');
  });
});
