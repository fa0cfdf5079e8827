import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campusDay,
  daysBetween,
  formatCalendarDate,
  formatCampusDate,
  formatCampusDateTime,
  formatCampusTime,
  formatClockTime,
} from '../../src/lib/time.js';
import { classesOn } from '../../src/lib/schedule.js';
import { meeting } from './academics-fixtures.js';

describe('the campus day is America/Los_Angeles whatever the browser’s zone', () => {
  const zone = process.env.TZ;
  beforeAll(() => {
    // The browser sits in Tokyo: its own calendar is already on Tuesday.
    process.env.TZ = 'Asia/Tokyo';
  });
  afterAll(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('the process really runs in another zone', () => {
    expect(new Date('2026-11-24T03:00:00.000Z').getDate()).toBe(24);
    expect(new Date('2026-11-24T03:00:00.000Z').getTimezoneOffset()).toBe(-540);
  });

  it("today's classes are Monday's when it is Monday evening on campus and Tuesday in Tokyo", () => {
    const now = new Date('2026-11-24T03:00:00.000Z');
    expect(campusDay(now)).toEqual({ date: '2026-11-23', weekday: 'M' });
    const today = classesOn(
      [meeting({ SUBJECTCODE: 'MON', DAYS: 'M' }), meeting({ SUBJECTCODE: 'TUE', DAYS: 'T' })],
      campusDay(now),
    );
    expect(today.map((m) => m.SUBJECTCODE)).toEqual(['MON']);
  });

  it('Sunday on campus is weekday U', () => {
    expect(campusDay(new Date('2026-11-22T20:00:00.000Z')).weekday).toBe('U');
  });
});

describe('campus times and dates', () => {
  it.each([
    ['00:05', '12:05 AM'],
    ['10:00', '10:00 AM'],
    ['12:00', '12:00 PM'],
    ['13:50', '1:50 PM'],
  ])('a class time %s reads "%s"', (time, shown) => expect(formatClockTime(time)).toBe(shown));

  it('a calendar date reads "Jun 16, 2026"', () => {
    expect(formatCalendarDate('2026-06-16')).toBe('Jun 16, 2026');
  });

  it('counts whole days between calendar dates', () => {
    expect(daysBetween('2026-09-28', '2026-10-04')).toBe(6);
    expect(daysBetween('2026-03-01', '2026-03-09')).toBe(8);
  });
});

describe('portal.md §1: instants show in the campus time zone', () => {
  const zone = 'America/Los_Angeles';

  it('an instant after midnight UTC is still the evening before on campus', () => {
    expect(formatCampusDate('2026-11-22T04:00:00.000Z', zone)).toBe('Nov 21, 2026');
    expect(formatCampusDateTime('2026-11-22T04:00:00.000Z', zone)).toBe('Nov 21, 2026, 8:00 PM');
  });

  it('the offline time uses the campus clock like every other time, whatever the browser’s zone', () => {
    expect(formatCampusTime('2026-11-22T04:07:00.000Z', zone)).toBe('8:07 PM');
    expect(formatCampusTime('2026-11-22T04:07:00.000Z', 'America/New_York')).toBe('11:07 PM');
  });

  it('the hour after midnight reads 12, with a plain space before AM', () => {
    expect(formatCampusDateTime('2026-07-01T07:05:00.000Z', zone)).toBe('Jul 1, 2026, 12:05 AM');
  });

  it('follows daylight saving: the same UTC hour is an hour apart in March and in summer', () => {
    expect(formatCampusDateTime('2026-03-08T09:30:00.000Z', zone)).toBe('Mar 8, 2026, 1:30 AM');
    expect(formatCampusDateTime('2026-03-08T10:30:00.000Z', zone)).toBe('Mar 8, 2026, 3:30 AM');
  });

  it('the campus day across New Year is the old year until midnight on campus', () => {
    expect(campusDay(new Date('2027-01-01T07:59:00.000Z'))).toEqual({
      date: '2026-12-31',
      weekday: 'R',
    });
    expect(campusDay(new Date('2027-01-01T08:00:00.000Z'))).toEqual({
      date: '2027-01-01',
      weekday: 'F',
    });
  });
});
