import { z } from 'zod';
import { SIS_COURSES_MAX, SIS_GRADES_MAX, SIS_MEETINGS_MAX } from './list-ceilings.js';
import { calendarDateSchema, clockTimeSchema, termCodeSchema, ynSchema } from './common.schema.js';
import { placeSchema } from '../place.schema.js';

/**
 * Issue 89: the building a class meets in, where the campus lists it (contract/buildings.schema.ts):
 * the portal adds it to the record's meeting (server/sis/places.ts); a bridge may send it too.
 * Its name is the campus's English one, as the records write it.
 */
export const meetingPlaceSchema = placeSchema;
export type MeetingPlace = z.infer<typeof meetingPlaceSchema>;

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

/** One meeting of a scheduled class. A web course has no DAYS and no times. */
export const meetingSchema = /* @__PURE__ */ z.object({
  SUBJECTCODE: z.string(),
  COURSENUMBER: z.string(),
  COURSETITLE: z.string(),
  COURSEREGISTRATIONNUMBER: z.string(),
  TERMCODE: termCodeSchema,
  /** Meeting days as SIS letters: M T W R F S U. Empty for a web course. */
  DAYS: z.string().regex(/^[MTWRFSU]*$/, 'must be SIS day letters MTWRFSU'),
  DAYSDISPLAY: z.string(),
  STARTTIME: clockTimeSchema.nullable(),
  ENDTIME: clockTimeSchema.nullable(),
  STARTDATE: calendarDateSchema,
  ENDDATE: calendarDateSchema,
  BUILDING: z.string().nullable(),
  ROOM: z.string().nullable(),
  LOCATION: z.string().nullable(),
  /** The listed building the class meets in, with its place on the campus's map (issue 89). */
  PLACE: meetingPlaceSchema.optional(),
  MEETINGTYPE: z.string(),
  INSTRUCTIONAL_METHOD: z.string(),
});
/** `GET /api/integrations/finti/schedule?term=`. */
export const scheduleSchema = /* @__PURE__ */ z.array(meetingSchema).max(SIS_MEETINGS_MAX);
export type Meeting = z.infer<typeof meetingSchema>;

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
