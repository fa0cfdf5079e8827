import type { GpaRecord } from '../../../contract/sis/gpa.schema.js';
import type { Course, Grade } from '../../../contract/sis/courses.schema.js';
import type { Meeting } from '../../../contract/sis/schedule.schema.js';
import type { Hold } from '../../../contract/sis/holds.schema.js';
import { campusDateOf, campusTimeOf, portalTermOf } from './dates.js';
import type { EnrollmentDetail, EnrollmentTerm, MeetingPattern, ServiceIndicator } from './wire.js';

/** A term of SSR_GET_ENROLLMENT_R with its dates read and its portal code. */
export interface Term {
  code: string;
  begin: string;
  end: string;
  row: EnrollmentTerm;
}

/** The terms that carry their dates (a term without them cannot be placed on the calendar). */
export function termsOf(rows: EnrollmentTerm[], zone: string): Term[] {
  const out: Term[] = [];
  for (const row of rows) {
    const begin = campusDateOf(row.TERM_BEGIN_DT, zone);
    const end = campusDateOf(row.TERM_END_DT, zone);
    if (!begin || !end) continue;
    out.push({ code: portalTermOf(begin, end), begin, end, row });
  }
  return out.sort((a, b) => a.begin.localeCompare(b.begin));
}

/** The term whose dates hold today; between terms the next; after the last, the last. */
export const currentTermOf = (terms: Term[], today: string): Term | undefined =>
  terms.find((t) => t.begin <= today && today <= t.end) ??
  terms.find((t) => t.begin > today) ??
  terms.at(-1);

/** CLASS_MEETING_PATTERN's day flags, Monday first, to the portal's SIS letters (R Thursday, U Sunday). */
const DAYS: ReadonlyArray<[keyof MeetingPattern, string, string]> = [
  ['MON', 'M', 'Mon'],
  ['TUES', 'T', 'Tue'],
  ['WED', 'W', 'Wed'],
  ['THURS', 'R', 'Thu'],
  ['FRI', 'F', 'Fri'],
  ['SAT', 'S', 'Sat'],
  ['SUN', 'U', 'Sun'],
];

/**
 * STDNT_ENRL_STATUS `E` is enrolled; `D` dropped and `W` wait-listed are not on the schedule. A
 * message without the element is read as enrolled (the service lists enrolled classes only).
 */
const enrolled = (d: EnrollmentDetail) => (d.STDNT_ENRL_STATUS ?? 'E') === 'E';

/** INSTRUCTION_MODE, the delivered codes (P In Person, the others the campus's), to the portal's words. */
export const methodOf = (mode: string | null) =>
  mode === null || mode === 'P' ? 'In person' : mode === 'OL' || mode === 'WW' ? 'Web' : mode;

const titleOf = (d: EnrollmentDetail) => d.COURSE_TITLE_LONG ?? d.DESCR ?? '';

/** One meeting pattern to the contract's meeting: days, campus times, the term's dates when it has none. */
export function meetingOf(
  d: EnrollmentDetail,
  p: MeetingPattern,
  term: Term,
  zone: string,
): Meeting {
  const days = DAYS.filter(([flag]) => p[flag] === 'Y');
  const start = campusTimeOf(p.MEETING_TIME_START, zone);
  const end = campusTimeOf(p.MEETING_TIME_END, zone);
  const timed = days.length > 0 && start !== null && end !== null;
  return {
    SUBJECTCODE: d.SUBJECT ?? '',
    COURSENUMBER: d.CATALOG_NBR ?? '',
    COURSETITLE: titleOf(d),
    COURSEREGISTRATIONNUMBER: d.CLASS_NBR ?? '',
    TERMCODE: term.code,
    DAYS: timed ? days.map(([, letter]) => letter).join('') : '',
    DAYSDISPLAY: timed ? days.map(([, , short]) => short).join(', ') : '',
    STARTTIME: timed ? start : null,
    ENDTIME: timed ? end : null,
    STARTDATE: campusDateOf(p.START_DT, zone) ?? term.begin,
    ENDDATE: campusDateOf(p.END_DT, zone) ?? term.end,
    BUILDING: null,
    ROOM: p.FACILITY_ID,
    LOCATION: p.SSR_MTG_LOC_LONG,
    MEETINGTYPE: d.SSR_COMPONENT ?? 'CLAS',
    INSTRUCTIONAL_METHOD: methodOf(d.INSTRUCTION_MODE),
  };
}

/** schedule: every meeting pattern of every enrolled class of the term. */
export const scheduleOf = (term: Term, zone: string): Meeting[] =>
  term.row.ENROLLMENT_DETAIL.filter(enrolled).flatMap((d) =>
    d.CLASS_MEETING_PATTERN.map((p) => meetingOf(d, p, term, zone)),
  );

const numberOf = (value: string | null) => {
  const n = value === null ? NaN : Number(value);
  return Number.isFinite(n) ? n : null;
};

/** courses: the enrolled classes of the term. */
export const coursesOf = (term: Term): Course[] =>
  term.row.ENROLLMENT_DETAIL.filter(enrolled).map((d) => {
    const first = d.CLASS_MEETING_PATTERN[0];
    return {
      SUBJECT: d.SUBJECT ?? '',
      SUBJECTDESCRIPTION: d.SUBJECT_DESCR ?? d.SUBJECT ?? '',
      COURSENUMBER: d.CATALOG_NBR ?? '',
      COURSETITLE: titleOf(d),
      COURSEREGISTRATIONNUMBER: d.CLASS_NBR ?? '',
      SECTIONNO: d.CLASS_SECTION ?? '',
      TERMCODE: term.code,
      TERMDESCRIPTION: term.row.DESCR ?? term.code,
      CREDITS: Math.max(0, numberOf(d.UNT_TAKEN) ?? 0),
      COLLEGE: d.ACAD_ORG ?? '',
      DEPARTMENT: d.ACAD_ORG ?? '',
      COURSELEVEL: term.row.ACAD_CAREER ?? '',
      COURSELOCATION: first?.SSR_MTG_LOC_LONG ?? '',
      FACULTYNAME: first?.SSR_INSTR_LONG ?? null,
      FACULTYEMAIL: null,
      LECTUREHOURS: null,
      SCHEDULETYPE: d.SSR_COMPONENT ?? '',
      INSTRUCTIONAL_METHOD: methodOf(d.INSTRUCTION_MODE),
      AVAIALABLEWAITLIST: 0,
      INITATTENDANCE: 'N',
      ACCEPTEDAID: 'N',
      EXCLUSIONLIST: 'N',
    };
  });

/** grades: the official grade (CRSE_GRADE_OFF) of each enrolled class, null until posted. */
export const gradesOf = (term: Term, zone: string): Grade[] =>
  term.row.ENROLLMENT_DETAIL.filter(enrolled).map((d) => ({
    SUBJECTCODE: d.SUBJECT ?? '',
    COURSENUMBER: d.CATALOG_NBR ?? '',
    COURSETITLE: titleOf(d),
    COURSEREGISTRATIONNUMBER: d.CLASS_NBR ?? '',
    TERMCODE: term.code,
    FINALGRADE: d.CRSE_GRADE_OFF,
    GRADEDATE: d.CRSE_GRADE_OFF === null ? null : campusDateOf(d.GRADE_DT, zone),
  }));

/** ACAD_CAREER to the contract's level: GRAD (and the delivered LAW, MED) graduate, else undergraduate. */
const levelOf = (career: string | null): 'GR' | 'UG' =>
  career === 'GRAD' || career === 'LAW' || career === 'MED' ? 'GR' : 'UG';

/** gpa: the cumulative GPA (CUM_GPA) of the latest term that carries one, per level; type I (institution). */
export function gpaOf(terms: Term[]): GpaRecord[] {
  const latest = new Map<'GR' | 'UG', number>();
  for (const t of terms) {
    const gpa = numberOf(t.row.CUM_GPA);
    if (gpa !== null && gpa >= 0 && gpa <= 5) latest.set(levelOf(t.row.ACAD_CAREER), gpa);
  }
  return [...latest].map(([LEVELCODE, GPA]) => ({ GPATYPEINDICATOR: 'I', LEVELCODE, GPA }));
}

/** holds: the service indicators in force today (active, not yet ended), their impacts the processes. */
export function holdsOf(rows: ServiceIndicator[], today: string, zone: string): Hold[] {
  const out: Hold[] = [];
  for (const si of rows) {
    const from = campusDateOf(si.SRVC_IND_ACTIVE_DT, zone) ?? campusDateOf(si.SRVC_IND_DTTM, zone);
    const to = campusDateOf(si.SCC_SI_END_DT, zone) ?? '2099-12-31';
    if (!si.SRVC_IND_CD || !from || from > today || to < today) continue;
    out.push({
      HOLD: si.SRVC_IND_CD,
      HOLDDESCRIPTION: si.SRVC_IND_CD_DESCR ?? si.SRVC_IND_CD,
      HOLDAMOUNT: Math.max(0, numberOf(si.AMOUNT) ?? 0),
      HOLDFROMDATE: from,
      HOLDTODATE: to,
      HOLDORIGINATINGOFFICE: si.DEPTID ?? '',
      HOLDORIGINATINGOFFICEDESCRIPTION: si.DEPTID_DESCR ?? '',
      HOLDRELEASEINDICATOR: 'N',
      PROCESSAFFECTED: si.SERVICE_IMPACTS.flatMap(
        (i) => i.SERVICE_IMPACT_DESCR ?? i.SERVICE_IMPACT ?? [],
      ),
      REASON: si.SRVC_IND_REASON_DESCR ?? si.SRVC_IND_REASON,
      STUDENTID: si.EMPLID ?? '',
    });
  }
  return out;
}
