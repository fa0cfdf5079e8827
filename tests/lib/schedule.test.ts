import { describe, expect, it } from 'vitest';
import { classesOn, groupByDay } from '../../src/lib/schedule.js';
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
