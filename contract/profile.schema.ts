import { z } from 'zod';
import { staffFacultyInfoSchema } from './sis/staff-faculty-info.schema.js';

/**
 * `GET /api/psu_user_profile`: a list whose first item gives sms_number, nine_number, pk,
 * role_acknowledged_on; employees also get their staff_faculty_info (null for everyone else).
 */
export const userProfileSchema = /* @__PURE__ */ z.object({
  pk: z.number().int(),
  nine_number: z.string(),
  sms_number: z.string().nullable(),
  role_acknowledged_on: z.string().nullable(),
  staff_faculty_info: staffFacultyInfoSchema.nullable().optional(),
});
/** A list of one, the person's own profile (the browser reads an empty one as none). */
export const userProfileListSchema = /* @__PURE__ */ z.array(userProfileSchema).max(1);
export type UserProfile = z.infer<typeof userProfileSchema>;
