import { z } from 'zod';

/** `GET /api/psu_user_profile`: a list whose first item gives sms_number, nine_number, pk, role_acknowledged_on. */
export const userProfileSchema = z.object({
  pk: z.number().int(),
  nine_number: z.string(),
  sms_number: z.string().nullable(),
  role_acknowledged_on: z.string().nullable(),
});
export const userProfileListSchema = z.array(userProfileSchema);
export type UserProfile = z.infer<typeof userProfileSchema>;
