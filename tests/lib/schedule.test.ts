import { describe, expect, it } from 'vitest';
import { classesOn, groupByDay } from '../../src/lib/schedule.js';
import { holidaysThisWeek, withHolidays } from '../../src/lib/schedule-week.js';
import { meeting } from './academics-fixtures.js';

describe('the week’s schedule (portal.md §9 day labels)', () => {
  it('groups meetings by day MON to SUN, with OTHER for web courses that have no meeting days', () => {
    const days = groupByDay([
      meeting({ SUBJECTCODE: 'MTH', DAYS: '', STARTTIME: null, ENDTIME: null }),
      meeting({ SUBJECTCODE: 'WR', DAYS: 'TR', STARTTIME: '12:00' }),
      meeting({ SUBJECTCODE: 'CS', DAYS: 'MW', STARTTIME: '10:00' }),
      meeting({ SUBJECTCODE: 'ART', DAYS: 'SU', STARTTIME: '09:00' }),
    ]);
    expect(days.map((d) => [d.label, d.meetings.map((m) => m.SUBJECTCODE)])).toEqual([
      ['MON', ['CS']],
      ['TUE', ['WR']],
      ['WED', ['CS']],
      ['THU', ['WR']],
      ['SAT', ['ART']],
      ['SUN', ['ART']],
      ['OTHER', ['MTH']],
    ]);
  });

  it('orders the meetings of a day by start time', () => {
    const [monday] = groupByDay([
      meeting({ SUBJECTCODE: 'LATE', STARTTIME: '15:00' }),
      meeting({ SUBJECTCODE: 'EARLY', STARTTIME: '08:00' }),
    ]);
    expect(monday?.meetings.map((m) => m.SUBJECTCODE)).toEqual(['EARLY', 'LATE']);
  });
});

describe("today's classes", () => {
  const monday = { date: '2026-11-23', weekday: 'M' as const };

  it("are the day's meetings in start-time order", () => {
    const today = classesOn(
      [
        meeting({ SUBJECTCODE: 'B', DAYS: 'MWF', STARTTIME: '13:00' }),
        meeting({ SUBJECTCODE: 'A', DAYS: 'M', STARTTIME: '08:30' }),
        meeting({ SUBJECTCODE: 'C', DAYS: 'TR', STARTTIME: '07:00' }),
        meeting({ SUBJECTCODE: 'WEB', DAYS: '', STARTTIME: null }),
      ],
      monday,
    );
    expect(today.map((m) => m.SUBJECTCODE)).toEqual(['A', 'B']);
  });

  it('leave out a meeting whose dates do not cover today', () => {
    const ended = meeting({ ENDDATE: '2026-11-20' });
    const notStarted = meeting({ STARTDATE: '2026-11-24' });
    expect(classesOn([ended, notStarted], monday)).toEqual([]);
  });
});

describe('no classes on campus holidays', () => {
  const holidays = [{ name: 'Thanksgiving holiday', date: '2026-11-26', through: '2026-11-27' }];

  it("the week's schedule names this week's holidays and shows no classes on them", () => {
    const closed = holidaysThisWeek({ date: '2026-11-23', weekday: 'M' }, holidays);
    expect(closed).toEqual({ THU: 'Thanksgiving holiday', FRI: 'Thanksgiving holiday' });
    const days = withHolidays(
      groupByDay([
        meeting({ SUBJECTCODE: 'WR', DAYS: 'TR' }),
        meeting({ SUBJECTCODE: 'CS', DAYS: 'MW' }),
      ]),
      closed,
    );
    expect(days.map((d) => [d.label, d.meetings.map((m) => m.SUBJECTCODE), d.holiday])).toEqual([
      ['MON', ['CS'], undefined],
      ['TUE', ['WR'], undefined],
      ['WED', ['CS'], undefined],
      // Friday has no class to cancel, so it is not listed.
      ['THU', [], 'Thanksgiving holiday'],
    ]);
  });

  it('the week of a holiday runs Monday to Sunday around today, whatever day today is', () => {
    expect(holidaysThisWeek({ date: '2026-11-29', weekday: 'U' }, holidays)).toEqual({
      THU: 'Thanksgiving holiday',
      FRI: 'Thanksgiving holiday',
    });
    expect(holidaysThisWeek({ date: '2026-11-30', weekday: 'M' }, holidays)).toEqual({});
  });
});
