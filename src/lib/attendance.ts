/**
 * portal.md §5 Initiation-of-attendance warning, §9 "Initiation messages start 6 days after term
 * start": a course warns exactly when all six conditions hold.
 */
import { daysBetween } from './time.js';

/** What the warning rule reads of one course (contract/attendance.schema.ts). */
export interface AttendanceFacts {
  TERMCODE: string;
  EXCLUSIONLIST: 'Y' | 'N';
  ACCEPTEDAID: 'Y' | 'N';
  INITATTENDANCE: 'Y' | 'N';
  read_on: string | null;
}

export const WARNING_START_DAYS = 6;

/** The term code does not end in 3 (summer terms never warn). */
export const isWarningTerm = (term: string) => !term.endsWith('3');

/** The term has started: six days after its start date. */
export const hasTermStarted = (startDate: string, today: string) =>
  daysBetween(startDate, today) >= WARNING_START_DAYS;

export function showsAttendanceWarning(
  course: AttendanceFacts,
  termStartDate: string,
  today: string,
): boolean {
  return (
    isWarningTerm(course.TERMCODE) &&
    hasTermStarted(termStartDate, today) &&
    course.EXCLUSIONLIST !== 'Y' &&
    course.ACCEPTEDAID === 'Y' &&
    course.INITATTENDANCE !== 'Y' &&
    course.read_on === null
  );
}
