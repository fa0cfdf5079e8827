import type { z } from 'zod';
import { advisorAnswerSchema } from './advisors.schema.js';
import { curriculumInfoAnswerSchema, standingAnswerSchema } from './academics.schema.js';
import { gpaAnswerSchema } from './gpa.schema.js';
import { contactInfoAnswerSchema } from './contact-info.schema.js';
import { coursesAnswerSchema, gradesAnswerSchema } from './courses.schema.js';
import { scheduleAnswerSchema } from './schedule.schema.js';
import { degreeProgressAnswerSchema } from './degree-progress.schema.js';
import { emergencyInfoAnswerSchema } from './emergency-info.schema.js';
import { financialAccountSummaryAnswerSchema } from './finances.schema.js';
import { financialAidInfoAnswerSchema } from './financial-aid.schema.js';
import { holdsAnswerSchema } from './holds.schema.js';
import { nudgesAnswerSchema } from './nudges.schema.js';
import { personInfoAnswerSchema } from './person-info.schema.js';
import { bookstoreAnswerSchema, termInfoAnswerSchema } from './term-info.schema.js';
import { currentTermAnswerSchema } from './term.schema.js';

/**
 * Each read's answer, alone: the browser imports the ones it reads, so a bundle carries only the
 * schemas of its own reads. Any of them may be a `p_result: "Warning"` answer instead, which the
 * portal treats as empty.
 */

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
