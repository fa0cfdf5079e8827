import { z } from 'zod';
import { orWarning } from './warning.schema.js';

/** `GET /api/integrations/finti/contact-info` (portal.md §3 contact_info, next-steps.md §3). */
export const contactInfoSchema = /* @__PURE__ */ z.object({
  street_line_1: z.string().nullable(),
  street_line_2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  phone_number: z.string().nullable(),
  email: z.string().nullable(),
  /** Some records carry the numbers as the SIS holds them instead. */
  banner_phone_number: z.string().nullable().optional(),
  banner_email: z.string().nullable().optional(),
  initialized: z.boolean(),
});
export type ContactInfo = z.infer<typeof contactInfoSchema>;

/** The read's answer: the data, or a Warning (contract/sis/integrations.schema.ts lists every read). */
export const contactInfoAnswerSchema = /* @__PURE__ */ orWarning(contactInfoSchema);
