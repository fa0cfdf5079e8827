import { z } from 'zod';
import { termCodeSchema } from '../../contract/sis/common.schema.js';
import { integrationAnswerSchemas as answers } from '../../contract/sis/integrations.schema.js';
import { sisProfileSchema } from './endpoints.js';

const perTerm = <T extends z.ZodType>(schema: T) => z.record(termCodeSchema, schema);

/**
 * Everything the sample SIS knows of one person: one answer per read, the per-term reads keyed by term
 * code. Fixtures are checked against this (and so against the contract) when they are loaded.
 */
export const sisRecordSchema = z.object({
  profile: sisProfileSchema,
  'contact-info': answers['contact-info'],
  'person-info': answers['person-info'],
  'emergency-info': answers['emergency-info'],
  'current-term': answers['current-term'],
  'term-info': answers['term-info'],
  bookstore: answers.bookstore,
  gpa: answers.gpa,
  advisor: answers.advisor,
  holds: answers.holds,
  standing: answers.standing,
  'curriculum-info': answers['curriculum-info'],
  'degree-progress': answers['degree-progress'],
  nudges: answers.nudges,
  'financial-account-summary': answers['financial-account-summary'],
  'financial-aid-info': answers['financial-aid-info'],
  courses: perTerm(answers.courses),
  schedule: perTerm(answers.schedule),
  grades: perTerm(answers.grades),
});
export type SisRecord = z.infer<typeof sisRecordSchema>;
/** What a fixture file writes (checked by the compiler, then by the schema at load). */
export type SisRecordInput = z.input<typeof sisRecordSchema>;

/** Validates a fixture; a bad one stops the start and says which record and field. */
export function loadRecord(name: string, data: unknown): SisRecord {
  const parsed = sisRecordSchema.safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(
      `Sample SIS record ${name} does not match the contract:\n  ${issues.join('\n  ')}`,
    );
  }
  return parsed.data;
}
