import { z } from 'zod';
import { orWarning } from './warning.schema.js';
import { SIS_CURRICULA_MAX, SIS_PRE_PROFESSIONAL_MAX } from './list-ceilings.js';
import { termCodeSchema } from './common.schema.js';

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

/** The read's answer: the data, or a Warning (contract/sis/integrations.schema.ts lists every read). */
export const standingAnswerSchema = /* @__PURE__ */ orWarning(standingSchema);
export const curriculumInfoAnswerSchema = /* @__PURE__ */ orWarning(curriculumInfoSchema);
