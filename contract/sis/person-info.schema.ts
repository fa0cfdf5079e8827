import { z } from 'zod';
import { orWarning } from './warning.schema.js';
import { ynSchema } from './common.schema.js';

/**
 * `GET /api/integrations/finti/person-info`: the advanced profile (portal.md §3, next-steps.md §3).
 *
 * The SIS also holds ETHNICITY, BIO_DATA (SO_DESC, GI_DESC) and RACE_DATA. portal.md §3 disables their
 * display, so they are not part of the answer at all: an object schema drops unknown keys, and both
 * SIS adapters and the reply parse with this schema, so sexual orientation, gender identity, race and
 * ethnicity are never cached nor sent to the browser.
 */
export const personInfoSchema = /* @__PURE__ */ z.object({
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
  EMPLOYEE: ynSchema,
  STUDENT: ynSchema,
  STUDENT_WORKER: ynSchema,
  STUDENT_ID: z.string(),
});
export type PersonInfo = z.infer<typeof personInfoSchema>;

/** The read's answer: the data, or a Warning (contract/sis/integrations.schema.ts lists every read). */
export const personInfoAnswerSchema = /* @__PURE__ */ orWarning(personInfoSchema);
