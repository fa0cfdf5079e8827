import type { AttendanceCourse } from '../../../../contract/attendance.schema.js';
import type { TermCode } from '../../../../contract/sis/common.schema.js';
import type { Course, Grade } from '../../../../contract/sis/courses.schema.js';
import type { Meeting } from '../../../../contract/sis/schedule.schema.js';
import { isSisWarning } from '../../../../contract/sis/warning.schema.js';
import { createAcademicsApi } from '../../../api/academics.js';
import { fetchAppointments } from '../../../api/appointments.js';
import { fetchCalendarSubscription } from '../../../api/calendar.js';
import { showsAttendanceWarning } from '../../../lib/attendance.js';
import { dataOf, isEmptyAnswer } from '../../../lib/sis-answer.js';
import { isTermCode } from '../../../lib/terms.js';
import { gradeTermsToTry } from '../../../lib/grade-terms.js';
import { campusDay } from '../../../lib/time.js';
import type { PageLoad, PortalContext } from '../../../routes/portal/context.js';
import { delegateReads, isStudentUser } from '../shared/student-user.js';
import { academicsSearchSchema } from './academics-search.js';
import { startPageReads } from '../shared/page-reads.js';
import type { PageReads } from '../shared/page-reads.js';
import type { StudentProgram } from '../shared/sis-reads.js';
import { TERM_FAILED, reportApiFailure, step } from '../shared/use-section.js';

export interface Warnings {
  term: string;
  courses: AttendanceCourse[];
}

export interface ScheduleData {
  term: string | null;
  meetings: Meeting[];
  /**
   * The term's courses by CRN. A plain record, not a Map: a page the server drew carries the read's
   * actor as JSON (issue 75), and a Map would arrive as `{}`.
   */
  courses: Record<string, Course>;
}

export interface TermGrades {
  term: TermCode | null;
  grades: Grade[];
}

type Reads = Pick<PortalContext, 'http' | 'app' | 'campus'>;

/**
 * What a student's Academics page reads (portal.md §2 /academics, §7), one declaration for its
 * route's loader and its sections: each read's call, its §8 wording and when it is empty. The
 * current term, term info and the program are asked once however many reads need them.
 */
export function academicsReadSpecs({ http, app, campus }: Reads) {
  const api = createAcademicsApi(http);
  const today = () => campusDay(new Date(), campus.timeZone).date;
  return {
    termInfo: {
      component: 'term-info',
      message: TERM_FAILED,
      read: api.termInfo,
      isEmpty: isEmptyAnswer,
    },
    bookstore: { component: 'bookstore', read: api.bookstore, isEmpty: isEmptyAnswer },
    personInfo: { component: 'person-info', read: api.personInfo, isEmpty: isEmptyAnswer },
    gpa: { component: 'gpa', read: api.gpa, isEmpty: isEmptyAnswer },
    standing: { component: 'standing', read: api.standing, isEmpty: isEmptyAnswer },
    program: {
      component: 'curriculum-info',
      read: api.curriculum,
      isEmpty: (a: Awaited<ReturnType<typeof api.curriculum>>) =>
        isSisWarning(a) || a.curricula.length === 0,
    },
    /** The student card's program and class standing: the same two answers as their sections'. */
    card: {
      component: 'curriculum-info',
      read: async (): Promise<StudentProgram> => {
        const [curriculum, standing] = await Promise.all([api.curriculum(), api.standing()]);
        return { curriculum: dataOf(curriculum), standing: dataOf(standing) };
      },
    },
    advisors: { component: 'advisor', read: api.advisors, isEmpty: isEmptyAnswer },
    /** Issue 92: the advisor card's next appointment (the student's own: a delegate reads none). */
    appointments: {
      component: 'appointments',
      read: () => fetchAppointments(http),
      isEmpty: (list: Awaited<ReturnType<typeof fetchAppointments>>) => list.length === 0,
    },
    degree: { component: 'degree-progress', read: api.degreeProgress, isEmpty: isEmptyAnswer },
    /** The calendar subscription block's address (its own machine loads and resets it). */
    calendar: {
      component: 'calendar-subscription',
      read: () => fetchCalendarSubscription(http),
    },
    attendance: {
      component: 'attendance',
      read: async (): Promise<Warnings> => {
        const info = await step('term-info', api.termInfo, TERM_FAILED);
        if (isSisWarning(info)) return { term: '', courses: [] };
        const attendance = await step('attendance', () => api.attendance(info.term));
        return {
          term: info.term,
          courses: attendance.courses.filter((c) =>
            showsAttendanceWarning(c, info.start_date, today()),
          ),
        };
      },
      isEmpty: (data: Warnings) => data.courses.length === 0,
    },
    schedule: {
      component: 'schedule',
      read: async (): Promise<ScheduleData> => {
        const current = await step('current-term', api.currentTerm, TERM_FAILED);
        if (isSisWarning(current)) return { term: null, meetings: [], courses: {} };
        const term = current.p_term_out;
        const meetings = await step('schedule', () => api.schedule(term));
        // The details panels say when courses are missing; the schedule itself still shows.
        const courses = await api.courses(term).catch((error: unknown) => {
          reportApiFailure(app, error, 'courses');
          return null;
        });
        return {
          term,
          meetings: isSisWarning(meetings) ? [] : meetings,
          courses: Object.fromEntries(
            (courses && !isSisWarning(courses) ? courses : []).map((c) => [
              c.COURSEREGISTRATIONNUMBER,
              c,
            ]),
          ),
        };
      },
      isEmpty: (data: ScheduleData) => data.meetings.length === 0,
    },
    /** The terms of the grades picker. */
    gradeTerms: {
      component: 'current-term',
      message: TERM_FAILED,
      read: api.gradeTerms,
      isEmpty: (list: TermCode[]) => list.length === 0,
    },
    /** The grades of the asked term (`?term=`), else of the newest term that has some. */
    grades: {
      component: 'grades',
      read: async (asked: TermCode | undefined): Promise<TermGrades> => {
        const known = await api.gradeTerms();
        for (const term of gradeTermsToTry(known, asked)) {
          const list = dataOf(await api.grades(term)) ?? [];
          if (list.length > 0) return { term, grades: list };
        }
        return { term: null, grades: [] };
      },
      isEmpty: (data: TermGrades) => data.grades.length === 0,
    },
  };
}

/** The asked term as a term code (`?term=`, already checked), or none. */
export const askedTermOf = (n: number | undefined) => {
  const code = String(n);
  return isTermCode(code) ? code : undefined;
};

export type AcademicsReads = PageReads<ReturnType<typeof academicsReadSpecs>>;

/**
 * The reads of the student's own that no category shows a delegate (issue 88): the bookstore, the
 * person's details (veteran benefits), their calendar subscription and their appointments (issue
 * 92). A delegate's page leaves them out.
 */
export const STUDENT_OWN_READS = ['bookstore', 'personInfo', 'calendar', 'appointments'] as const;

const WAVE = [
  'termInfo',
  'bookstore',
  'personInfo',
  'gpa',
  'standing',
  'program',
  'card',
  'advisors',
  'appointments',
  'degree',
  'calendar',
  'attendance',
  'schedule',
  'gradeTerms',
] as const;

/**
 * The route loader's wave: every read of the page at once, the grades of the address's term among
 * them, while the page's code and its sections are still on their way. A delegate's (`delegate`)
 * leaves out the student's own reads.
 */
export function startAcademicsReads(
  context: Reads,
  term: TermCode | undefined,
  delegate = false,
): AcademicsReads {
  const own: readonly string[] = STUDENT_OWN_READS;
  const names = delegate ? WAVE.filter((name) => !own.includes(name)) : WAVE;
  const reads = startPageReads(academicsReadSpecs(context), names);
  reads.start('grades', term);
  return reads;
}

/** What the page's route loader gives its container: its reads, kept by the router. */
export interface AcademicsLoad {
  reads: AcademicsReads | null;
}

/**
 * The route's loader (`withReads`): a student's record, or the student's for a delegate the student
 * shared Academics with (issue 88); others read nothing here.
 */
export function pageReads({ context, location }: PageLoad): AcademicsLoad {
  const delegate = delegateReads(context, 'academics');
  if (!isStudentUser(context) && !delegate) return { reads: null };
  const { term } = academicsSearchSchema.parse(location.search);
  return { reads: startAcademicsReads(context, askedTermOf(term), delegate) };
}
