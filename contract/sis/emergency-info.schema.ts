import { z } from 'zod';
import { orWarning } from './warning.schema.js';
import { SIS_EMERGENCY_CONTACTS_MAX } from './list-ceilings.js';
import { instantSchema, ynSchema } from './common.schema.js';

/** One emergency contact. The list arrives in the SIS's order; the portal sorts by priority. */
export const emergencyContactSchema = /* @__PURE__ */ z.object({
  id: z.number().int(),
  priority: z.number().int().min(1),
  first_name: z.string(),
  middle_name: z.string().nullable(),
  last_name: z.string(),
  street_line_1: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  nation_code: z.string().nullable(),
  nation_description: z.string().nullable(),
  zip: z.string().nullable(),
  area_code: z.string().nullable(),
  phone_number: z.string().nullable(),
  extension: z.string().nullable(),
  relation_code: z.string(),
  relation_description: z.string(),
});
export type EmergencyContact = z.infer<typeof emergencyContactSchema>;

const addressSchema = /* @__PURE__ */ z.object({
  street_line_1: z.string().nullable(),
  street_line_2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
});

/** `GET /api/integrations/finti/emergency-info` (next-steps.md §3 emergency_info). */
export const emergencyInfoSchema = /* @__PURE__ */ z.object({
  ALERT_RECORD: z.object({
    last_updated: instantSchema.nullable(),
    external_email: z.string().nullable(),
    internal_email: z.string().nullable(),
    alternate_phone: z.string().nullable(),
    primary_phone: z.string().nullable(),
    sms_phone: z.string().nullable(),
    sms_status_ind: ynSchema,
    evacuation_assistance: ynSchema,
  }),
  EMERGENCY_CONTACTS: z.array(emergencyContactSchema).max(SIS_EMERGENCY_CONTACTS_MAX),
  EVACUATION: z.object({
    EVACUATION_ADDRESS: addressSchema.nullable(),
    EVACUATION_ASSISTANCE: z.object({
      evac_last_updated: instantSchema.nullable(),
      request_assistance: ynSchema,
    }),
  }),
});
export type EmergencyInfo = z.infer<typeof emergencyInfoSchema>;

/** The read's answer: the data, or a Warning (contract/sis/integrations.schema.ts lists every read). */
export const emergencyInfoAnswerSchema = /* @__PURE__ */ orWarning(emergencyInfoSchema);
