import { z } from 'zod';
import { ynSchema } from './common.schema.js';

/** `GET /api/integrations/finti/person-info`: the advanced profile (portal.md §3, next-steps.md §3). */
export const personInfoSchema = z.object({
  DISPLAY_NAME: z.string().nullable(),
  PREFERRED_NAME: z.string().nullable(),
  LEGAL_NAME: z.string(),
  LEGAL_SEX: z.string().nullable(),
  PRONOUNS: z.string().nullable(),
  CITIZENSHIP_STATUS: z.string().nullable(),
  VETERAN_CLASSIFICATION: z.string().nullable(),
  VETERAN_ELIGIBILITY: ynSchema,
  VETERAN_STATUS: z.string().nullable(),
  DISABILITY_CLASSIFICATION: z.string().nullable(),
  DISABILITY_STATUS: z.string().nullable(),
  ETHNICITY: z.string().nullable(),
  BIO_DATA: z.object({ SO_DESC: z.string().nullable(), GI_DESC: z.string().nullable() }),
  RACE_DATA: z.array(z.object({ RACE_EXPANDED_DESC: z.string() })),
  EMPLOYEE: ynSchema,
  STUDENT: ynSchema,
  STUDENT_WORKER: ynSchema,
  STUDENT_ID: z.string(),
});
export type PersonInfo = z.infer<typeof personInfoSchema>;
