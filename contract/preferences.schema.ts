import { z } from 'zod';

/** portal.md §3 User.preferences. */
export const preferencesSchema = z.object({
  pk: z.number().int(),
  use_profile_photo: z.boolean(),
  contact_by_email: z.boolean(),
  contact_by_text: z.boolean(),
  sms_number: z.string().nullable(),
});
export type Preferences = z.infer<typeof preferencesSchema>;
