import { z } from 'zod';
import { dashboardLayoutSchema } from './dashboard.schema.js';
import { idNumberSchema, idTextSchema } from './id.schema.js';
import { languageSchema } from './language.schema.js';

/** The colour theme a person chose: the device's setting (`system`), or always light or dark. */
export const themeSchema = /* @__PURE__ */ z.enum(['system', 'light', 'dark']);
export type Theme = z.infer<typeof themeSchema>;

/** portal.md §3 User.preferences. */
export const preferencesSchema = /* @__PURE__ */ z.object({
  pk: z.number().int(),
  use_profile_photo: z.boolean(),
  contact_by_email: z.boolean(),
  contact_by_text: z.boolean(),
  sms_number: z.string().nullable(),
  theme: themeSchema,
  /** Issue 59: the language the person chose for the portal and what it sends them; null: never chose. */
  language: languageSchema.nullable(),
  /** Issue 29: no push or text from `quiet_hours_start` to `quiet_hours_end` (campus time, HH:MM). */
  quiet_hours_start: z.string(),
  quiet_hours_end: z.string(),
  /** Issue 29: one email a day with what is due, instead of (not beside) nothing. */
  daily_digest: z.boolean(),
  /** The person's dashboard layout (issue #30); null: the role's default. */
  dashboard_layout: dashboardLayoutSchema,
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** `/api/preferences/{pk}`: the pk of the preferences record (its owner's only). */
export const preferencesParamsSchema = /* @__PURE__ */ z.object({ pk: idTextSchema });

/** Names the fields that are not preferences: `body: foo is not a preference field`. */
const onlyPreferenceFields = {
  error: (issue: { code?: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys'
      ? `${(issue.keys ?? []).join(', ')} is not a preference field`
      : undefined,
};

/** A time of day on the campus clock, `HH:MM` in 24 hours (quiet hours). */
export const timeOfDaySchema = /* @__PURE__ */ z
  .string()
  .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'must be a time of day as HH:MM');

/**
 * `PUT /api/preferences/{pk}`: saves exactly one preference field. `smsNumber` is the phone rule's
 * schema for the campus's country (`smsNumberSchema` of contract/phone.rules.ts, stored as E.164);
 * it is passed in so that this file, which the portal's first page loads, does not load the rule.
 */
export function preferenceChangeSchemaWith(smsNumber: z.ZodType<string | null, string | null>) {
  return z
    .strictObject(
      {
        use_profile_photo: z.boolean().optional(),
        contact_by_email: z.boolean().optional(),
        contact_by_text: z.boolean().optional(),
        sms_number: smsNumber.optional(),
        theme: themeSchema.optional(),
        language: languageSchema.optional(),
        quiet_hours_start: timeOfDaySchema.optional(),
        quiet_hours_end: timeOfDaySchema.optional(),
        daily_digest: z.boolean().optional(),
        dashboard_layout: dashboardLayoutSchema.optional(),
      },
      onlyPreferenceFields,
    )
    .refine((change) => Object.keys(change).length === 1, {
      error: 'must hold exactly one preference field',
    });
}
export type PreferenceChange = z.output<ReturnType<typeof preferenceChangeSchemaWith>>;

/**
 * `PATCH /api/preferences/{pk}`: the profile photo toggle (ID photo or initials). The toggle may send
 * the record's pk along (portal.md §7); it must then be the pk of the address.
 */
export const profilePhotoChangeSchema = /* @__PURE__ */ z.strictObject(
  { use_profile_photo: z.boolean(), pk: idNumberSchema.optional() },
  onlyPreferenceFields,
);
export type ProfilePhotoChange = z.infer<typeof profilePhotoChangeSchema>;
