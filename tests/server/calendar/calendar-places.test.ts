import { describe, expect, it } from 'vitest';
import { coursesSchema } from '../../../contract/sis/courses.schema.js';
import { scheduleSchema } from '../../../contract/sis/schedule.schema.js';
import type { MeetingPlace } from '../../../contract/sis/schedule.schema.js';
import { termInfoSchema } from '../../../contract/sis/term-info.schema.js';
import { personalCalendar } from '../../../server/calendar/personal-calendar.js';
import type { PersonalCalendarInput } from '../../../server/calendar/personal-calendar.js';
import { termReads } from '../../../server/sis/fixtures/common.js';
import { studentCourses, studentSchedule } from '../../../server/sis/fixtures/student-academics.js';
import { readCalendar } from './ical-read.js';

const FALL = '202604';

const cramer: MeetingPlace = {
  code: 'CH',
  name: 'Cramer Hall',
  address: '1721 SW Broadway, Portland, OR 97201',
  latitude: 45.5118,
  longitude: -122.6835,
  mapUrl: 'https://maps.example.edu/?lat=45.5118&lon=-122.6835',
};

/** The sample student's fall calendar, WR 121 placed by the SIS (as the Ethos adapter places it). */
function writing(place: MeetingPlace) {
  const meetings = scheduleSchema
    .parse(studentSchedule[FALL])
    .map((m) => (m.SUBJECTCODE === 'WR' ? { ...m, PLACE: place } : m));
  const input: PersonalCalendarInput = {
    term: termInfoSchema.parse(termReads['term-info']),
    meetings,
    courses: coursesSchema.parse(studentCourses[FALL]),
    tasks: [],
    appointments: [],
    holidays: [],
    buildings: [],
    zone: 'America/Los_Angeles',
    productName: 'Campus Portal',
    language: 'en',
    origin: 'https://portal.campus.example.edu',
    stamp: new Date('2026-10-01T16:00:00.000Z'),
    now: new Date('2026-10-15T19:00:00.000Z'),
  };
  return readCalendar(personalCalendar(input)).events.find((e) => e.summary.startsWith('WR 121'));
}

describe("a class's place in the calendar feed, as the SIS placed it (issue 89)", () => {
  it("a class the SIS placed carries its place's address and GEO where the campus lists no such building", () => {
    const wr = writing(cramer);
    expect(wr?.location).toBe('Cramer Hall 171\n1721 SW Broadway, Portland, OR 97201');
    expect(wr?.component.getFirstPropertyValue('geo')).toEqual([45.5118, -122.6835]);
  });

  it("the site's title goes beside the building where the campus has more than one site; with one (no site given), nothing changes", () => {
    expect(writing({ ...cramer, site: 'Downtown Campus' })?.location).toBe(
      'Cramer Hall 171 · Downtown Campus\n1721 SW Broadway, Portland, OR 97201',
    );
    expect(writing(cramer)?.location).not.toContain('·');
  });
});
