import { z } from 'zod';
import { SIS_COURSES_MAX } from './sis/list-ceilings.js';
import { instantSchema, termCodeSchema, ynSchema } from './sis/common.schema.js';

/** A course registration number as the SIS writes it: digits only. */
export const crnSchema = /* @__PURE__ */ z
  .string()
  .regex(/^[0-9]{1,10}$/, 'must be a course registration number');

/**
 * One course of the term as the initiation-of-attendance warning reads it (portal.md §5): the SIS's
 * attendance facts, plus when this user marked its warning read (null: not read).
 */
export const attendanceCourseSchema = /* @__PURE__ */ z.object({
  TERMCODE: termCodeSchema,
  COURSEREGISTRATIONNUMBER: crnSchema,
  SUBJECT: z.string(),
  COURSENUMBER: z.string(),
  COURSETITLE: z.string(),
  INITATTENDANCE: ynSchema,
  ACCEPTEDAID: ynSchema,
  EXCLUSIONLIST: ynSchema,
  read_on: instantSchema.nullable(),
});
export type AttendanceCourse = z.infer<typeof attendanceCourseSchema>;

/** `GET /api/academics/attendance?term=`: the term's courses; the SIS part is cached 60 minutes (§9). */
export const attendanceSchema = /* @__PURE__ */ z.object({
  term: termCodeSchema,
  /** The term's courses, as the SIS's `courses` (cut at its ceiling, issue 87). */
  courses: z.array(attendanceCourseSchema).max(SIS_COURSES_MAX),
});
export type Attendance = z.infer<typeof attendanceSchema>;

/** `POST /api/academics/attendance/read`: marks one course's warning read, for this user and term. */
export const attendanceReadBodySchema = /* @__PURE__ */ z.strictObject({
  term: termCodeSchema,
  crn: crnSchema,
});
export type AttendanceReadBody = z.infer<typeof attendanceReadBodySchema>;

export const attendanceReadSchema = /* @__PURE__ */ z.object({
  term: termCodeSchema,
  crn: crnSchema,
  read_on: instantSchema,
});
export type AttendanceRead = z.infer<typeof attendanceReadSchema>;
