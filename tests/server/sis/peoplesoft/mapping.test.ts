import { describe, expect, it } from 'vitest';
import { scheduleSchema } from '../../../../contract/sis/schedule.schema.js';
import { holdsSchema } from '../../../../contract/sis/holds.schema.js';
import {
  campusDateOf,
  campusMomentOf,
  campusTimeOf,
  portalTermOf,
} from '../../../../server/sis/peoplesoft/dates.js';
import * as records from '../../../../server/sis/peoplesoft/records.js';
import {
  enrollmentSchema,
  serviceIndicatorsSchema,
} from '../../../../server/sis/peoplesoft/wire.js';
import { classesOn, groupByDay } from '../../../../src/lib/schedule.js';
import { campusDay } from '../../../../src/lib/time.js';
import { enrollment, indicator, psJson } from '../../../fake-peoplesoft/fixtures.js';

const ZONE = 'America/Los_Angeles';

const terms = () => {
  const wire = enrollmentSchema.parse({ SSR_GET_ENROLLMENT_RESP: [psJson(enrollment())] });
  return records.termsOf(wire.SSR_GET_ENROLLMENT_RESP[0]?.SSR_ENRL_TERM ?? [], ZONE);
};
const spring = () => {
  const term = terms().find((t) => t.row.STRM === '2272');
  if (!term) throw new Error('no spring term in the fixture');
  return term;
};

describe('PeopleSoft dates and times to the campus calendar and clock', () => {
  it('reads a DateTime without a zone (2027-01-09-18.00.00.000000) as the campus wall clock', () => {
    expect(campusMomentOf('2027-01-09-18.00.00.000000', ZONE)).toEqual({
      date: '2027-01-09',
      time: '18:00',
    });
  });

  it('reads a Time (09.50.00.000000) as HH:MM', () => {
    expect(campusTimeOf('09.50.00.000000', ZONE)).toBe('09:50');
    expect(campusTimeOf('1900-01-01-20.30.00.000000', ZONE)).toBe('20:30');
  });

  it('moves an ISO instant with an offset to the campus zone, across midnight', () => {
    // 02:30 UTC on the 10th is 18:30 on the 9th in Los Angeles (PST, UTC-8).
    expect(campusMomentOf('2027-01-10T02:30:00.000000+0000', ZONE)).toEqual({
      date: '2027-01-09',
      time: '18:30',
    });
    expect(campusMomentOf('2027-07-10T02:30:00Z', ZONE)).toEqual({
      date: '2027-07-09',
      time: '19:30',
    });
  });

  it("reads the service indicators' stamp 08/26/2013 10:36:44.000000 as a date", () => {
    expect(campusDateOf('08/26/2013 10:36:44.000000', ZONE)).toBe('2013-08-26');
    expect(campusDateOf('2027-01-11', ZONE)).toBe('2027-01-11');
  });

  it('gives nothing for an empty value or one PeopleSoft does not write', () => {
    expect(campusMomentOf(null, ZONE)).toBeNull();
    expect(campusMomentOf('next Tuesday', ZONE)).toBeNull();
    expect(campusTimeOf('25.00.00.000000', ZONE)).toBeNull();
  });

  it('maps a term by the middle of its dates to YYYY0Q (fall semester 04, spring 01)', () => {
    expect(portalTermOf('2026-08-24', '2026-12-18')).toBe('202604');
    expect(portalTermOf('2027-01-11', '2027-05-07')).toBe('202701');
    expect(terms().map((t) => t.code)).toEqual(['202604', '202701']);
  });
});

describe('SSR_GET_ENROLLMENT_R to the schedule and week', () => {
  it('turns CLASS_MEETING_PATTERN MON..SUN Y/N into the SIS day letters, Saturday S and Sunday U', () => {
    const meetings = scheduleSchema.parse(records.scheduleOf(spring(), ZONE));
    const byClass = Object.fromEntries(meetings.map((m) => [m.COURSEREGISTRATIONNUMBER, m]));
    expect(byClass['10542']).toMatchObject({
      DAYS: 'MWF',
      DAYSDISPLAY: 'Mon, Wed, Fri',
      STARTTIME: '09:00',
      ENDTIME: '09:50',
      STARTDATE: '2027-01-11',
      ENDDATE: '2027-05-07',
      LOCATION: 'Cramer Hall 201',
      ROOM: 'CH-201',
      TERMCODE: '202701',
      COURSETITLE: 'Calculus I',
    });
    expect(byClass['10611']).toMatchObject({
      DAYS: 'SU',
      STARTTIME: '18:00',
      ENDTIME: '20:30',
    });
  });

  it('gives a class with no meeting days nor times (online) no DAYS and null times', () => {
    const web = records
      .scheduleOf(spring(), ZONE)
      .find((m) => m.COURSEREGISTRATIONNUMBER === '10777');
    expect(web).toMatchObject({
      DAYS: '',
      STARTTIME: null,
      ENDTIME: null,
      INSTRUCTIONAL_METHOD: 'Web',
    });
  });

  it('leaves a dropped class (STDNT_ENRL_STATUS D) off the schedule, courses and grades', () => {
    const term = spring();
    const numbers = (list: { COURSEREGISTRATIONNUMBER: string }[]) =>
      list.map((c) => c.COURSEREGISTRATIONNUMBER);
    expect(numbers(records.scheduleOf(term, ZONE))).not.toContain('10999');
    expect(numbers(records.coursesOf(term))).toEqual(['10542', '10611', '10777']);
    expect(numbers(records.gradesOf(term, ZONE))).not.toContain('10999');
  });

  it('maps the courses: credits from UNT_TAKEN, the instructor from SSR_INSTR_LONG', () => {
    const calculus = records.coursesOf(spring())[0];
    expect(calculus).toMatchObject({
      SUBJECT: 'MTH',
      SUBJECTDESCRIPTION: 'Mathematics',
      COURSENUMBER: '251',
      SECTIONNO: '001',
      CREDITS: 4,
      FACULTYNAME: 'Ada Byron',
      TERMDESCRIPTION: '2027 Spring',
      COURSELEVEL: 'UGRD',
    });
  });

  it('gives a posted grade (CRSE_GRADE_OFF) with its campus date, an unposted one null', () => {
    const fall = terms().find((t) => t.code === '202604');
    expect(fall && records.gradesOf(fall, ZONE)).toEqual([
      {
        SUBJECTCODE: 'WR',
        COURSENUMBER: '121',
        COURSETITLE: 'College Writing',
        COURSEREGISTRATIONNUMBER: '41873',
        TERMCODE: '202604',
        FINALGRADE: 'A-',
        GRADEDATE: '2026-12-22',
      },
    ]);
    expect(records.gradesOf(spring(), ZONE)[0]).toMatchObject({
      FINALGRADE: null,
      GRADEDATE: null,
    });
  });

  it('reads the cumulative GPA of the latest term per career (UGRD to UG, GRAD to GR)', () => {
    expect(records.gpaOf(terms())).toEqual([
      { GPATYPEINDICATOR: 'I', LEVELCODE: 'UG', GPA: 3.412 },
    ]);
  });

  it('finds the current term: the one holding today, else the next, else the last', () => {
    const list = terms();
    expect(records.currentTermOf(list, '2026-10-01')?.code).toBe('202604');
    expect(records.currentTermOf(list, '2026-12-30')?.code).toBe('202701');
    expect(records.currentTermOf(list, '2027-08-01')?.code).toBe('202701');
  });
});

describe('service indicators to holds', () => {
  const rows = (...extra: ReturnType<typeof indicator>[]) =>
    serviceIndicatorsSchema.parse({
      SCC_GET_SERVICE_IND_RESP: [psJson({ SERVICE_INDICATOR: [indicator('20270042'), ...extra] })],
    }).SCC_GET_SERVICE_IND_RESP[0]?.SERVICE_INDICATOR ?? [];

  it("maps Oracle's published example row to a hold: code, description, office, reason code", () => {
    const holds = holdsSchema.parse(records.holdsOf(rows(), '2027-01-15', ZONE));
    expect(holds).toEqual([
      {
        HOLD: 'RG2',
        HOLDDESCRIPTION: 'No Enroll - Add/Drop OK',
        HOLDAMOUNT: 0,
        HOLDFROMDATE: '2026-08-26',
        HOLDTODATE: '2099-12-31',
        HOLDORIGINATINGOFFICE: '10000',
        HOLDORIGINATINGOFFICEDESCRIPTION: 'Registrar',
        HOLDRELEASEINDICATOR: 'N',
        PROCESSAFFECTED: [],
        REASON: 'REG2',
        STUDENTID: '20270042',
      },
    ]);
  });

  it('leaves out an indicator not yet active or already ended', () => {
    const later = indicator('20270042', { SRVC_IND_CD: 'FUT', SRVC_IND_ACTIVE_DT: '2027-03-01' });
    const over = indicator('20270042', { SRVC_IND_CD: 'OLD', SCC_SI_END_DT: '2027-01-01' });
    const codes = records.holdsOf(rows(later, over), '2027-01-15', ZONE).map((h) => h.HOLD);
    expect(codes).toEqual(['RG2']);
  });
});

describe("SSR_GET_ENROLLMENT_R's meetings on the portal's week, in the campus zone", () => {
  it('puts the meetings under MON..SUN and the online class under OTHER', () => {
    const week = groupByDay(records.scheduleOf(spring(), ZONE));
    expect(week.map((d) => [d.label, d.meetings.map((m) => m.COURSENUMBER)])).toEqual([
      ['MON', ['251']],
      ['WED', ['251']],
      ['FRI', ['251']],
      ['SAT', ['115']],
      ['SUN', ['115']],
      ['OTHER', ['161']],
    ]);
  });

  it("gives Friday evening's classes on the campus clock when it is already Saturday in UTC", () => {
    // 2027-01-23T02:00Z is Friday 22 January, 18:00, in Los Angeles.
    const today = campusDay(new Date('2027-01-23T02:00:00Z'), ZONE);
    const held = classesOn(records.scheduleOf(spring(), ZONE), today);
    expect(held.map((m) => m.COURSENUMBER)).toEqual(['251']);
  });
});
