import { z } from 'zod';
import { orWarning } from './warning.schema.js';
import { degreeHeadlineSchema } from './degree-headline.schema.js';
import { instantSchema, termCodeSchema } from './common.schema.js';
import {
  SIS_DEGREE_BLOCKS_MAX,
  SIS_DEGREE_CHOICES_MAX,
  SIS_DEGREE_COURSES_MAX,
  SIS_DEGREE_RULES_MAX,
} from './list-ceilings.js';

/**
 * `GET /api/integrations/finti/degree-progress` (issue 92): the degree audit the campus's own system
 * made, shown as it is; the portal evaluates no rule.
 */

/** Where a rule or block stands in the audit. */
export const degreeStateSchema = /* @__PURE__ */ z.enum(['complete', 'in-progress', 'needed']);
export type DegreeState = z.infer<typeof degreeStateSchema>;

/** A course the audit applied: "CS 1428", its title, term, credits and grade (none while in progress). */
export const degreeCourseSchema = /* @__PURE__ */ z.object({
  course: z.string().min(1),
  title: z.string().nullable(),
  term: termCodeSchema.nullable(),
  credits: z.number().min(0),
  grade: z.string().nullable(),
  in_progress: z.boolean(),
});
export type DegreeCourse = z.infer<typeof degreeCourseSchema>;

/** What a rule still needs: so many classes or so many credits, from these courses when it names them. */
export const degreeRemainingSchema = /* @__PURE__ */ z.object({
  unit: z.enum(['classes', 'credits']),
  count: z.number().positive(),
  from: z.array(z.string().min(1)).max(SIS_DEGREE_CHOICES_MAX),
});
export type DegreeRemaining = z.infer<typeof degreeRemainingSchema>;

/** One requirement of a block. `remaining` is null once nothing remains. */
export const degreeRuleSchema = /* @__PURE__ */ z.object({
  label: z.string().min(1),
  state: degreeStateSchema,
  remaining: degreeRemainingSchema.nullable(),
  courses: z.array(degreeCourseSchema).max(SIS_DEGREE_COURSES_MAX),
});
export type DegreeRule = z.infer<typeof degreeRuleSchema>;

/** A block of the audit; "not-applied" lists the courses counted toward no requirement. */
export const degreeBlockSchema = /* @__PURE__ */ z.object({
  kind: z.enum(['degree', 'general-education', 'major', 'minor', 'not-applied']),
  title: z.string().min(1),
  state: degreeStateSchema,
  rules: z.array(degreeRuleSchema).max(SIS_DEGREE_RULES_MAX),
  /** The block's courses applied to no rule of it (the not-applied block's whole list). */
  courses: z.array(degreeCourseSchema).max(SIS_DEGREE_COURSES_MAX),
});
export type DegreeBlock = z.infer<typeof degreeBlockSchema>;

export const degreeProgressSchema = /* @__PURE__ */ z.object({
  /** When the audit was run (ISO 8601, UTC). */
  as_of: instantSchema,
  /** The catalog the audit reads, as the campus names it ("2025–2026"). */
  catalog_year: z.string().min(1),
  /** The share of requirements met, and of credits earned (they differ), and the credits. */
  ...degreeHeadlineSchema.shape,
  blocks: z.array(degreeBlockSchema).max(SIS_DEGREE_BLOCKS_MAX),
  /** The campus's what-if tool, opened as it is; null where there is none. */
  what_if_url: z.url({ protocol: /^https$/ }).nullable(),
});
export type DegreeProgress = z.infer<typeof degreeProgressSchema>;

/** The read's answer: the data, or a Warning (contract/sis/integrations.schema.ts lists every read). */
export const degreeProgressAnswerSchema = /* @__PURE__ */ orWarning(degreeProgressSchema);
