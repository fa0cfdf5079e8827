import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserTask } from '../../../contract/next-steps/task.schema.js';
import { SAMPLE_HOLIDAYS } from '../../../contract/sample-holidays.js';
import { campusConfigSchema } from '../../../contract/campus-config.schema.js';
import { campusIn } from '../../../contract/campus-in.js';
import { SAMPLE_BUILDINGS } from '../../../contract/sample-buildings.js';
import { scheduleSchema } from '../../../contract/sis/schedule.schema.js';
import { coursesSchema } from '../../../contract/sis/courses.schema.js';
import { termInfoSchema } from '../../../contract/sis/term-info.schema.js';
import { personalCalendar } from '../../../server/calendar/personal-calendar.js';
import type { PersonalCalendarInput } from '../../../server/calendar/personal-calendar.js';
import { termReads } from '../../../server/sis/fixtures/common.js';
import { studentCourses, studentSchedule } from '../../../server/sis/fixtures/student-academics.js';
import { exdates, losAngeles, occurrences, readCalendar } from './ical-read.js';

const FALL = '202604';

const task = (id: number, over: Partial<UserTask['task']>, own: Partial<UserTask> = {}) =>
  ({
    id: 100 + id,
    user: 1,
    starred: false,
    completed_on: null,
    does_not_apply_on: null,
    do_now_on: null,
    overdue: false,
    ...own,
    task: {
      id,
      title: `Task ${id}`,
      description: '',
      category: 1,
      starts_on: null,
      ends_on: '2026-12-02T07:59:00.000Z',
      ends_on_day: null,
      has_deadline: true,
      is_important: false,
      important_reason: '',
      new_student_checklist: false,
      checklist_rank: null,
      action_date: null,
      periodicity: 'once',
      sort_by: 'END',
      modality: 'ONLINE',
      ...over,
    },
  }) satisfies UserTask;

const input = (tasks: UserTask[] = []): PersonalCalendarInput => ({
  term: termInfoSchema.parse(termReads['term-info']),
  meetings: scheduleSchema.parse(studentSchedule[FALL]),
  courses: coursesSchema.parse(studentCourses[FALL]),
  tasks,
  appointments: [],
  holidays: [],
  buildings: [],
  zone: 'America/Los_Angeles',
  productName: 'Campus Portal',
  language: 'en',
  origin: 'https://portal.campus.example.edu',
  stamp: new Date('2026-10-01T16:00:00.000Z'),
  now: new Date('2026-10-15T19:00:00.000Z'),
});

// The server's own zone must never leak into the calendar.
const originalTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Asia/Tokyo';
});
afterAll(() => {
  process.env.TZ = originalTz;
});

describe('the personal calendar, read back with ical.js', () => {
  it('carries a VTIMEZONE for America/Los_Angeles and names it on every class', () => {
    const { zones, events } = readCalendar(personalCalendar(input()));
    expect(zones.map((z) => z.tzid)).toEqual(['America/Los_Angeles']);
    const classes = events.filter((e) => e.isRecurring());
    expect(classes).toHaveLength(2);
  });

  it('a class meets weekly from the first meeting day of the term until the term ends', () => {
    const { events } = readCalendar(personalCalendar(input()));
    const cs = events.find((e) => e.summary.startsWith('CS 161'));
    if (!cs) throw new Error('no CS 161');
    const all = occurrences(cs);
    // Mondays and Wednesdays from Mon Sep 28 to Fri Dec 11, 2026: 11 of each.
    expect(all).toHaveLength(22);
    expect(losAngeles(all[0] ?? new Date(0))).toBe('Mon, Sep 28, 10:00 AM');
    expect(losAngeles(all.at(-1) ?? new Date(0))).toBe('Wed, Dec 9, 10:00 AM');
  });

  it('every class stays at its campus wall-clock time across the November daylight-saving change', () => {
    const { events } = readCalendar(personalCalendar(input()));
    const cs = events.find((e) => e.summary.startsWith('CS 161'));
    if (!cs) throw new Error('no CS 161');
    const all = occurrences(cs);
    const beforeChange = all.filter((d) => d < new Date('2026-11-01T09:00:00Z'));
    const afterChange = all.filter((d) => d >= new Date('2026-11-01T09:00:00Z'));
    expect(beforeChange).toHaveLength(10);
    expect(afterChange).toHaveLength(12);
    expect(all.every((d) => losAngeles(d).endsWith('10:00 AM'))).toBe(true);
    // The same wall clock is a different UTC hour once standard time begins.
    expect(beforeChange.at(-1)?.toISOString()).toBe('2026-10-28T17:00:00.000Z');
    expect(afterChange[0]?.toISOString()).toBe('2026-11-02T18:00:00.000Z');
  });

  it('a class names its room, CRN and instructor; a web course with no meeting times is left out', () => {
    const { events } = readCalendar(personalCalendar(input()));
    const wr = events.find((e) => e.summary.startsWith('WR 121'));
    expect(wr?.location).toBe('Cramer Hall 171, Main Campus');
    expect(wr?.description).toContain('CRN 41877');
    expect(wr?.description).toContain('Instructor: Daniel Ortiz');
    expect(events.some((e) => e.summary.startsWith('MTH 251'))).toBe(false);
  });

  it("issue 89: a class in a listed building carries LOCATION with the building's name, room and full address, and GEO at its coordinates; in Spanish, the campus's Spanish name", () => {
    const config = campusConfigSchema.parse({ buildings: SAMPLE_BUILDINGS });
    const inEnglish = { ...input(), buildings: campusIn(config, 'en').buildings };
    const { events } = readCalendar(personalCalendar(inEnglish));
    const wr = events.find((e) => e.summary.startsWith('WR 121'));
    expect(wr?.location).toBe('Cramer Hall 171\n1721 SW Broadway, Portland, OR 97201');
    expect(wr?.component.getFirstPropertyValue('geo')).toEqual([45.5118, -122.6835]);
    const inSpanish = { ...input(), language: 'es' as const };
    const spanish = readCalendar(
      personalCalendar({ ...inSpanish, buildings: campusIn(config, 'es').buildings }),
    ).events.find((e) => e.summary.startsWith('CS 161'));
    // The record writes "Engineering Building"; the campus names it in Spanish.
    expect(spanish?.location).toBe(
      'Edificio de Ingeniería 102\n1930 SW 4th Ave, Portland, OR 97201',
    );
    // A place the campus did not list is written as the record writes it, with no GEO.
    const unlisted = readCalendar(personalCalendar(input())).events.find((e) =>
      e.summary.startsWith('CS 161'),
    );
    expect(unlisted?.location).toBe('Engineering Building 102, Main Campus');
    expect(unlisted?.component.getFirstPropertyValue('geo')).toBeNull();
  });

  it('a task with a deadline that is not done or dismissed is an all-day event on its campus due date', () => {
    const { events } = readCalendar(personalCalendar(input([task(7, {})])));
    const due = events.find((e) => e.summary === 'Due: Task 7');
    // Due 11:59 PM on Dec 1 in Portland, which is already Dec 2 in UTC.
    expect(due?.startDate.isDate).toBe(true);
    expect(due?.startDate.toString()).toBe('2026-12-01');
    expect(due?.component.getFirstPropertyValue('url')).toBe(
      'https://portal.campus.example.edu/next-steps/task/7',
    );
  });

  it.each([
    // The end of Thu Nov 26 in Los Angeles is already Nov 27 in UTC (and in Tokyo, the process zone).
    ['2026-11-26', '2026-11-27T07:59:59.999Z'],
    // Sun Nov 1, 2026: the clocks go back; its end is 8:00 UTC, not 7:00.
    ['2026-11-01', '2026-11-02T07:59:59.999Z'],
    // Sun Mar 14, 2027: the clocks go forward; its end is 7:00 UTC.
    ['2027-03-14', '2027-03-15T06:59:59.999Z'],
  ])(
    'a date-only deadline %s is an all-day event on that day, across daylight saving',
    (day, end) => {
      const { events } = readCalendar(
        personalCalendar(input([task(8, { ends_on: end, ends_on_day: day })])),
      );
      const due = events.find((e) => e.summary === 'Due: Task 8');
      expect(due?.startDate.isDate).toBe(true);
      expect(due?.startDate.toString()).toBe(day);
      expect(due?.endDate.toString()).toBe(
        new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10),
      );
    },
  );

  it('done, dismissed and deadline-free tasks stay off the calendar', () => {
    const tasks = [
      task(1, {}, { completed_on: '2026-10-10T10:00:00.000Z' }),
      task(2, {}, { does_not_apply_on: '2026-10-10T10:00:00.000Z' }),
      task(3, { has_deadline: false }),
      task(4, { ends_on: null }),
      task(5, {}),
    ];
    const { events } = readCalendar(personalCalendar(input(tasks)));
    expect(events.filter((e) => !e.isRecurring()).map((e) => e.summary)).toEqual(['Due: Task 5']);
  });

  it('with no term there are no classes, only deadlines', () => {
    const { events } = readCalendar(personalCalendar({ ...input([task(5, {})]), term: null }));
    expect(events.map((e) => e.summary)).toEqual(['Due: Task 5']);
  });

  it('the same data always gives the same document', () => {
    expect(personalCalendar(input([task(5, {})]))).toBe(personalCalendar(input([task(5, {})])));
  });
});

describe('no classes on campus holidays, in the personal calendar', () => {
  const withHolidays = () => ({ ...input(), holidays: SAMPLE_HOLIDAYS });
  const classNamed = (ics: string, course: string) => {
    const event = readCalendar(ics).events.find((e) => e.summary.startsWith(course));
    if (!event) throw new Error(`no ${course}`);
    return event;
  };

  it('a class does not meet on a campus holiday: the holiday is an EXDATE at its start time', () => {
    const ics = personalCalendar(withHolidays());
    const cs = classNamed(ics, 'CS 161');
    // Veterans Day, Wed Nov 11, falls on a Monday-Wednesday class.
    expect(ics).toContain('EXDATE;TZID=America/Los_Angeles:20261111T100000');
    const all = occurrences(cs).map(losAngeles);
    expect(all).toHaveLength(21);
    expect(all).not.toContain('Wed, Nov 11, 10:00 AM');
    expect(all).toContain('Mon, Nov 9, 10:00 AM');
    expect(all).toContain('Wed, Nov 25, 10:00 AM');
  });

  it('a Thursday class skips Thanksgiving, and only the holidays on its own meeting days are written', () => {
    const ics = personalCalendar(withHolidays());
    const wr = classNamed(ics, 'WR 121');
    const all = occurrences(wr).map(losAngeles);
    expect(all.filter((d) => d.startsWith('Thu, Nov 26'))).toEqual([]);
    expect(all.some((d) => d.startsWith('Tue, Nov 24'))).toBe(true);
    const skipped = exdates(wr);
    // Nov 27 is a Friday and Nov 11 a Wednesday: neither is a Tuesday-Thursday meeting.
    expect(skipped.map((t) => t.slice(0, 10))).toEqual(['2026-11-26']);
  });

  it('holidays outside the term, or none at all, write no EXDATE', () => {
    const ics = personalCalendar({
      ...input(),
      holidays: [{ name: 'Memorial Day', date: '2027-05-31' }],
    });
    expect(ics).not.toContain('EXDATE');
    expect(personalCalendar(input())).not.toContain('EXDATE');
  });
});

describe('the calendar feed in the person’s language (issue 59)', () => {
  it('for a reader of Spanish, the calendar’s name, a deadline’s summary and its description are in Spanish', () => {
    const ics = personalCalendar({ ...input([task(7, {})]), language: 'es' });
    expect(ics).toContain('X-WR-CALNAME:Campus Portal: clases y fechas límite');
    const { events } = readCalendar(ics);
    const due = events.find((e) => e.summary === 'Vence: Task 7');
    expect(due?.description).toContain('Tarea de Próximos pasos. Ábrala:');
    expect(ics).toContain('Profesor:');
    expect(ics).not.toContain('Instructor:');
  });

  it('for a reader of English, in English', () => {
    const ics = personalCalendar(input([task(7, {})]));
    expect(ics).toContain('X-WR-CALNAME:Campus Portal: classes and deadlines');
    expect(readCalendar(ics).events.some((e) => e.summary === 'Due: Task 7')).toBe(true);
  });
});
