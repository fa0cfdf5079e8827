import { z } from 'zod';
import { orWarning } from './warning.schema.js';
import { SIS_COURSES_MAX, SIS_GRADES_MAX } from './list-ceilings.js';
import { calendarDateSchema, termCodeSchema, ynSchema } from './common.schema.js';

/**
 * One registered course of a term (portal.md §3 Course info, next-steps.md §3 courses). INITATTENDANCE,
 * ACCEPTEDAID and EXCLUSIONLIST feed the initiation-of-attendance warning (portal.md §5).
 */
export const courseSchema = /* @__PURE__ */ z.object({
  SUBJECT: z.string(),
  SUBJECTDESCRIPTION: z.string(),
  COURSENUMBER: z.string(),
  COURSETITLE: z.string(),
  COURSEREGISTRATIONNUMBER: z.string(),
  SECTIONNO: z.string(),
  TERMCODE: termCodeSchema,
  TERMDESCRIPTION: z.string(),
  CREDITS: z.number().min(0),
  COLLEGE: z.string(),
  DEPARTMENT: z.string(),
  COURSELEVEL: z.string(),
  COURSELOCATION: z.string(),
  FACULTYNAME: z.string().nullable(),
  FACULTYEMAIL: z.string().nullable(),
  LECTUREHOURS: z.number().min(0).nullable(),
  SCHEDULETYPE: z.string(),
  INSTRUCTIONAL_METHOD: z.string(),
  /** Spelled so by the SIS. */
  AVAIALABLEWAITLIST: z.number().int().min(0),
  INITATTENDANCE: ynSchema,
  ACCEPTEDAID: ynSchema,
  EXCLUSIONLIST: ynSchema,
});
/** `GET /api/integrations/finti/courses?term=`. */
export const coursesSchema = /* @__PURE__ */ z.array(courseSchema).max(SIS_COURSES_MAX);
export type Course = z.infer<typeof courseSchema>;

/** One final grade of a term. */
export const gradeSchema = /* @__PURE__ */ z.object({
  SUBJECTCODE: z.string(),
  COURSENUMBER: z.string(),
  COURSETITLE: z.string(),
  COURSEREGISTRATIONNUMBER: z.string(),
  TERMCODE: termCodeSchema,
  FINALGRADE: z.string().nullable(),
  GRADEDATE: calendarDateSchema.nullable(),
});
/** `GET /api/integrations/finti/grades?term=`. */
export const gradesSchema = /* @__PURE__ */ z.array(gradeSchema).max(SIS_GRADES_MAX);
export type Grade = z.infer<typeof gradeSchema>;

/** The read's answer: the data, or a Warning (contract/sis/integrations.schema.ts lists every read). */
export const coursesAnswerSchema = /* @__PURE__ */ orWarning(coursesSchema);
export const gradesAnswerSchema = /* @__PURE__ */ orWarning(gradesSchema);
