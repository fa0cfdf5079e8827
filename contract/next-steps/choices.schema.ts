import { z } from 'zod';
import { idNumberSchema } from '../id.schema.js';
import { exactlyOne, isoTimeSchema } from './common.schema.js';

/** next-steps.md §3 Category; the slug "fun" is special (no border). */
export const categorySchema = /* @__PURE__ */ z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
});
/**
 * Issue 87: the most choices (categories, student types, notification types) one list answers; staff
 * keep these short, and a longer list is cut, in its order.
 */
export const CHOICES_MAX = 200;

export const categoryListSchema = /* @__PURE__ */ z.array(categorySchema).max(CHOICES_MAX);
export type Category = z.infer<typeof categorySchema>;

/** next-steps.md §3 Student type (affiliation). "All Students" is hidden from the choices. */
export const studentTypeSchema = /* @__PURE__ */ z.object({
  id: z.number().int(),
  name: z.string(),
});
export const studentTypeListSchema = /* @__PURE__ */ z.array(studentTypeSchema).max(CHOICES_MAX);
export type StudentType = z.infer<typeof studentTypeSchema>;
export const ALL_STUDENTS = 'All Students';

/** A user's affiliations: a record with a pk and the chosen student type ids. */
export const userStudentTypesSchema = /* @__PURE__ */ z.object({
  pk: z.number().int(),
  student_types: z.array(z.number().int()).max(CHOICES_MAX),
});
/** A list of one: the person's own. */
export const userStudentTypesListSchema = /* @__PURE__ */ z.array(userStudentTypesSchema).max(1);
export type UserStudentTypes = z.infer<typeof userStudentTypesSchema>;

export const userStudentTypesPatchSchema = /* @__PURE__ */ z.strictObject({
  student_types: z.array(idNumberSchema).max(100),
});
export type UserStudentTypesPatch = z.infer<typeof userStudentTypesPatchSchema>;

/** next-steps.md §3 Notification type. */
export const notificationTypeSchema = /* @__PURE__ */ z.object({
  id: z.number().int(),
  name: z.string(),
});
export const notificationTypeListSchema = /* @__PURE__ */ z
  .array(notificationTypeSchema)
  .max(CHOICES_MAX);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

/** next-steps.md §3 User preference; `updated_by_user_on` set means onboarding is complete. */
export const userPreferenceSchema = /* @__PURE__ */ z.object({
  pk: z.number().int(),
  notifications: z.array(z.number().int()).max(CHOICES_MAX),
  updated_by_user_on: z.string().nullable(),
});
/** A list of one (or none): the person's own. */
export const userPreferenceListSchema = /* @__PURE__ */ z.array(userPreferenceSchema).max(1);
export type UserPreference = z.infer<typeof userPreferenceSchema>;

/** `PATCH user_preference/{pk}/`: notifications or updated_by_user_on, one at a time. */
export const userPreferencePatchSchema = /* @__PURE__ */ z
  .strictObject({
    notifications: z.array(idNumberSchema).max(100).optional(),
    updated_by_user_on: isoTimeSchema.optional(),
  })
  .superRefine(exactlyOne(['notifications', 'updated_by_user_on']));
export type UserPreferencePatch = z.infer<typeof userPreferencePatchSchema>;
