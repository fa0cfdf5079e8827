import type { z } from 'zod';
import {
  advisorsSchema,
  curriculumInfoSchema,
  gpaSchema,
  standingSchema,
} from './academics.schema.js';
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
 * Every `GET /api/integrations/finti/<name>` and its answer. Any of them may be a `p_result: "Warning"`
 * answer instead, which the portal treats as empty.
 */
export const integrationAnswerSchemas = {
  'contact-info': orWarning(contactInfoSchema),
  'person-info': orWarning(personInfoSchema),
  'emergency-info': orWarning(emergencyInfoSchema),
  'current-term': orWarning(currentTermSchema),
  'term-info': orWarning(termInfoSchema),
  bookstore: orWarning(bookstoreSchema),
  gpa: orWarning(gpaSchema),
  courses: orWarning(coursesSchema),
  schedule: orWarning(scheduleSchema),
  grades: orWarning(gradesSchema),
  advisor: orWarning(advisorsSchema),
  holds: orWarning(holdsSchema),
  standing: orWarning(standingSchema),
  'curriculum-info': orWarning(curriculumInfoSchema),
  nudges: orWarning(nudgesSchema),
  'financial-account-summary': orWarning(accountSummarySchema),
  'financial-aid-info': orWarning(financialAidSchema),
};

export type Integration = keyof typeof integrationAnswerSchemas;
export type IntegrationAnswer<I extends Integration> = z.infer<
  (typeof integrationAnswerSchemas)[I]
>;

/** The calls that take `?term=YYYY0Q`. */
export const termIntegrations = ['courses', 'schedule', 'grades'] as const;
export type TermIntegration = (typeof termIntegrations)[number];
export type PlainIntegration = Exclude<Integration, TermIntegration>;

export const integrations = Object.keys(integrationAnswerSchemas) as Integration[];
