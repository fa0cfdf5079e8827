import { z } from 'zod';
import { attendanceCourseSchema } from '../../contract/attendance.schema.js';
import type { Attendance } from '../../contract/attendance.schema.js';
import { isSisWarning } from '../../contract/sis/warning.schema.js';
import type { DerivedRead } from '../sources/adapters.js';
import { ATTENDANCE_FRESH_MINUTES } from './endpoints.js';
import type { SisAnswer } from './endpoints.js';

const factsSchema = z.array(attendanceCourseSchema.omit({ read_on: true }));
/** A term's courses with what the attendance warning rule reads (portal.md §4/§5). */
export type AttendanceFacts = z.infer<typeof factsSchema>;

const factsOf = (courses: SisAnswer<'courses'>): AttendanceFacts =>
  isSisWarning(courses)
    ? []
    : courses.map((c) => ({
        TERMCODE: c.TERMCODE,
        COURSEREGISTRATIONNUMBER: c.COURSEREGISTRATIONNUMBER,
        SUBJECT: c.SUBJECT,
        COURSENUMBER: c.COURSENUMBER,
        COURSETITLE: c.COURSETITLE,
        INITATTENDANCE: c.INITATTENDANCE,
        ACCEPTEDAID: c.ACCEPTEDAID,
        EXCLUSIONLIST: c.EXCLUSIONLIST,
      }));

/**
 * The term's attendance facts from the SIS, under their own cache entry of 60 minutes (portal.md §9
 * "attendance"), shorter than the course list's 240: a recorded attendance should clear the warning
 * within the hour. In demo mode, the demo sample's courses (the request's SIS adapter decides).
 */
export const attendanceRead = {
  read: 'courses',
  entry: 'attendance',
  freshMs: ATTENDANCE_FRESH_MINUTES * 60_000,
  of: factsOf,
  schema: factsSchema,
} as const satisfies DerivedRead<'courses', AttendanceFacts>;

/** `GET /api/academics/attendance`'s answer: the facts, each course with when its warning was read. */
export const attendanceAnswer = (
  term: string,
  facts: AttendanceFacts,
  reads: ReadonlyMap<string, string>,
): Attendance => ({
  term,
  courses: facts.map((c) => ({ ...c, read_on: reads.get(c.COURSEREGISTRATIONNUMBER) ?? null })),
});
