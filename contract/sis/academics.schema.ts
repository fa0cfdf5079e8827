import { z } from 'zod';
import {
  SIS_ADVISORS_MAX,
  SIS_CURRICULA_MAX,
  SIS_GPA_RECORDS_MAX,
  SIS_PRE_PROFESSIONAL_MAX,
} from './list-ceilings.js';
import { termCodeSchema, ynSchema } from './common.schema.js';

/** `GET /api/integrations/finti/gpa`: one record per GPA type and level (portal.md §3 GPA records). */
export const gpaRecordSchema = /* @__PURE__ */ z.object({
  GPATYPEINDICATOR: z.string(),
  LEVELCODE: z.enum(['GR', 'UG']),
  GPA: z.number().min(0).max(5),
});
export const gpaSchema = /* @__PURE__ */ z.array(gpaRecordSchema).max(SIS_GPA_RECORDS_MAX);
export type GpaRecord = z.infer<typeof gpaRecordSchema>;

/** `GET /api/integrations/finti/advisor` (next-steps.md §3 advising). ADV_PRIM "Y" is the primary. */
export const advisorSchema = /* @__PURE__ */ z.object({
  ADV_NAME: z.string(),
  ADV_EMAIL_ADDRESS: z.string().nullable(),
  ADV_TERM_EFF: termCodeSchema,
  ADV_CODE: z.string(),
  ADV_CODE_DESC: z.string(),
  ADV_PRIM: ynSchema,
  ADV_PHOTO: z.string().nullable(),
});
export const advisorsSchema = /* @__PURE__ */ z.array(advisorSchema).max(SIS_ADVISORS_MAX);
export type Advisor = z.infer<typeof advisorSchema>;

/** `GET /api/integrations/finti/standing`: the academic standing message and the class standing. */
export const standingSchema = /* @__PURE__ */ z.object({
  message: z.string().nullable(),
  /** "Transfer" is shown as "Freshman - Awaiting Transfer Credits" (portal.md §5). */
  class_standing: z.string().nullable(),
});
export type Standing = z.infer<typeof standingSchema>;

/** One field of study of the academic program (portal.md §3, next-steps.md §3). */
export const curriculumSchema = /* @__PURE__ */ z.object({
  CUR_PRIORITY: z.number().int(),
  FOS_PRIORITY: z.number().int(),
  FOS_CODE: z.enum(['MAJOR', 'MINOR']),
  FOS: z.string(),
  FOS_DESC: z.string(),
  DEGREE_DESC: z.string().nullable(),
  CATALOG_TERM: termCodeSchema,
  EXPECTED_GRAD_TERM: termCodeSchema.nullable(),
  COLLEGE: z.string(),
  DEPARTMENT: z.string().nullable(),
  ADMITLEVEL: z.string(),
  LEVL: z.string(),
  LEVL_CODE: z.enum(['GR', 'UG']),
  RESIDENCY_STATUS: z.string().nullable(),
  STUDENT_STATUS: z.string(),
  STUDENT_TYPE: z.string(),
  TERM_EFF_CODE: termCodeSchema,
});
export type Curriculum = z.infer<typeof curriculumSchema>;

/** `GET /api/integrations/finti/curriculum-info`: the academic program. */
export const curriculumInfoSchema = /* @__PURE__ */ z.object({
  curricula: z.array(curriculumSchema).max(SIS_CURRICULA_MAX),
  pre_prof: z
    .array(z.object({ PRE_PROF_CODE: z.string(), PRE_PROF_DESC: z.string() }))
    .max(SIS_PRE_PROFESSIONAL_MAX),
  expected_graduation: termCodeSchema.nullable(),
});
export type CurriculumInfo = z.infer<typeof curriculumInfoSchema>;
