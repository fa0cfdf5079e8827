import { z } from 'zod';
import { orWarning } from './warning.schema.js';
import { SIS_MEETINGS_MAX } from './list-ceilings.js';
import { calendarDateSchema, clockTimeSchema, termCodeSchema } from './common.schema.js';
import { placeSchema } from '../place.schema.js';

/**
 * Issue 89: the building a class meets in, where the campus lists it (contract/buildings.schema.ts):
 * the portal adds it to the record's meeting (server/sis/places.ts); a bridge may send it too.
 * Its name is the campus's English one, as the records write it.
 */
export const meetingPlaceSchema = placeSchema.extend({
  /**
   * The site (campus) the building stands on, where the campus has more than one ("North Campus"),
   * shown beside the building's name; absent with one site. The Ethos adapter gives it from Ethos
   * `sites` (server/sis/ethos/building-place.ts).
   */
  site: z.string().trim().min(1).max(120).optional(),
});
export type MeetingPlace = z.infer<typeof meetingPlaceSchema>;

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

/** The read's answer: the data, or a Warning (contract/sis/integrations.schema.ts lists every read). */
export const scheduleAnswerSchema = /* @__PURE__ */ orWarning(scheduleSchema);
