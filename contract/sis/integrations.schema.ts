import type { z } from 'zod';
import {
  advisorsSchema,
  curriculumInfoSchema,
  gpaSchema,
  standingSchema,
} from './academics.schema.js';
import { degreeProgressSchema } from './degree-progress.schema.js';
import { contactInfoSchema } from './contact-info.schema.js';
import { coursesSchema, gradesSchema, scheduleSchema } from './courses.schema.js';
import { emergencyInfoSchema } from './emergency-info.schema.js';
import { accountSummarySchema, financialAidSchema } from './finances.schema.js';
import { holdsSchema } from './holds.schema.js';
import { nudgesSchema } from './nudges.schema.js';
import { personInfoSchema } from './person-info.schema.js';
import { bookstoreSchema, currentTermSchema, termInfoSchema } from './term.schema.js';
import { orWarning } from './warning.schema.js';

/**
 * Each read's answer, alone: the browser imports the ones it reads, so a bundle carries only the
 * schemas of its own reads. Any of them may be a `p_result: "Warning"` answer instead, which the
 * portal treats as empty.
 */
export const contactInfoAnswerSchema = /* @__PURE__ */ orWarning(contactInfoSchema);
export const personInfoAnswerSchema = /* @__PURE__ */ orWarning(personInfoSchema);
export const emergencyInfoAnswerSchema = /* @__PURE__ */ orWarning(emergencyInfoSchema);
export const currentTermAnswerSchema = /* @__PURE__ */ orWarning(currentTermSchema);
export const termInfoAnswerSchema = /* @__PURE__ */ orWarning(termInfoSchema);
export const bookstoreAnswerSchema = /* @__PURE__ */ orWarning(bookstoreSchema);
export const gpaAnswerSchema = /* @__PURE__ */ orWarning(gpaSchema);
export const coursesAnswerSchema = /* @__PURE__ */ orWarning(coursesSchema);
export const scheduleAnswerSchema = /* @__PURE__ */ orWarning(scheduleSchema);
export const gradesAnswerSchema = /* @__PURE__ */ orWarning(gradesSchema);
export const advisorAnswerSchema = /* @__PURE__ */ orWarning(advisorsSchema);
export const holdsAnswerSchema = /* @__PURE__ */ orWarning(holdsSchema);
export const standingAnswerSchema = /* @__PURE__ */ orWarning(standingSchema);
export const curriculumInfoAnswerSchema = /* @__PURE__ */ orWarning(curriculumInfoSchema);
export const degreeProgressAnswerSchema = /* @__PURE__ */ orWarning(degreeProgressSchema);
export const nudgesAnswerSchema = /* @__PURE__ */ orWarning(nudgesSchema);
export const financialAccountSummaryAnswerSchema = /* @__PURE__ */ orWarning(accountSummarySchema);
export const financialAidInfoAnswerSchema = /* @__PURE__ */ orWarning(financialAidSchema);

/** Every `GET /api/integrations/finti/<name>` and its answer. */
export const integrationAnswerSchemas = {
  'contact-info': contactInfoAnswerSchema,
  'person-info': personInfoAnswerSchema,
  'emergency-info': emergencyInfoAnswerSchema,
  'current-term': currentTermAnswerSchema,
  'term-info': termInfoAnswerSchema,
  bookstore: bookstoreAnswerSchema,
  gpa: gpaAnswerSchema,
  courses: coursesAnswerSchema,
  schedule: scheduleAnswerSchema,
  grades: gradesAnswerSchema,
  advisor: advisorAnswerSchema,
  holds: holdsAnswerSchema,
  standing: standingAnswerSchema,
  'curriculum-info': curriculumInfoAnswerSchema,
  'degree-progress': degreeProgressAnswerSchema,
  nudges: nudgesAnswerSchema,
  'financial-account-summary': financialAccountSummaryAnswerSchema,
  'financial-aid-info': financialAidInfoAnswerSchema,
};

export type Integration = keyof typeof integrationAnswerSchemas;
export type IntegrationAnswer<I extends Integration> = z.infer<
  (typeof integrationAnswerSchemas)[I]
>;

/** The calls that take `?term=YYYY0Q`. */
export const termIntegrations = ['courses', 'schedule', 'grades'] as const;
export type TermIntegration = (typeof termIntegrations)[number];
export type PlainIntegration = Exclude<Integration, TermIntegration>;

export const integrations = /* @__PURE__ */ Object.keys(integrationAnswerSchemas) as Integration[];
