import { z } from 'zod';
import { idNumberSchema, idTextSchema } from './id.schema.js';

/** portal.md §3 User.preferences. */
export const preferencesSchema = z.object({
  pk: z.number().int(),
  use_profile_photo: z.boolean(),
  contact_by_email: z.boolean(),
  contact_by_text: z.boolean(),
  sms_number: z.string().nullable(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** `/api/preferences/{pk}`: the pk of the preferences record (its owner's only). */
export const preferencesParamsSchema = z.object({ pk: idTextSchema });

/** Names the fields that are not preferences: `body: foo is not a preference field`. */
const onlyPreferenceFields = {
  error: (issue: { code?: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys'
      ? `${(issue.keys ?? []).join(', ')} is not a preference field`
      : undefined,
};

/** A text-message number: digits with the usual separators, optional leading +. */
export const smsNumberSchema = z
  .string()
  .regex(/^\+?[0-9][0-9 ().-]{6,19}$/, 'must be a phone number')
  .nullable();

/** `PUT /api/preferences/{pk}`: saves exactly one preference field. */
export const preferenceChangeSchema = z
  .strictObject(
    {
      use_profile_photo: z.boolean().optional(),
      contact_by_email: z.boolean().optional(),
      contact_by_text: z.boolean().optional(),
      sms_number: smsNumberSchema.optional(),
    },
    onlyPreferenceFields,
  )
  .refine((change) => Object.keys(change).length === 1, {
    error: 'must hold exactly one preference field',
  });
export type PreferenceChange = z.infer<typeof preferenceChangeSchema>;

/**
 * `PATCH /api/preferences/{pk}`: the profile photo toggle (ID photo or initials). The toggle may send
 * the record's pk along (portal.md §7); it must then be the pk of the address.
 */
export const profilePhotoChangeSchema = z.strictObject(
  { use_profile_photo: z.boolean(), pk: idNumberSchema.optional() },
  onlyPreferenceFields,
);
export type ProfilePhotoChange = z.infer<typeof profilePhotoChangeSchema>;
