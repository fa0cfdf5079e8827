import { z } from 'zod';
import { instantInputSchema } from '../instant.schema.js';
import { languageSchema } from '../language.schema.js';
import { viewingAsSchema } from '../view-as.schema.js';
import { delegateShareSchema } from '../delegates.schema.js';

/** next-steps.md §3 User message: shown as the app message until acknowledged. */
export const userMessageSchema = /* @__PURE__ */ z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  created_on: z.string(),
  user_acknowledged_on: z.string().nullable(),
});
export type UserMessage = z.infer<typeof userMessageSchema>;

/** `PATCH /next-steps/api/user_message/{id}/`. */
export const userMessagePatchSchema = /* @__PURE__ */ z.strictObject({
  user_acknowledged_on: instantInputSchema,
});
export type UserMessagePatch = z.infer<typeof userMessagePatchSchema>;

/** Issue 87: the most unacknowledged messages the user call carries (the newest). */
export const USER_MESSAGES_MAX = 50;

/** next-steps.md §3 User; `user_message` lists the unacknowledged messages, first one shown. */
export const nextStepsUserSchema = /* @__PURE__ */ z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  auth_token: z.string(),
  has_provisional_account: z.boolean(),
  is_new_student: z.boolean(),
  /**
   * Whether Next Steps has a checklist for the person (a student role, issue #28); without one the
   * app says what Next Steps is instead of showing an empty list.
   */
  has_checklist: z.boolean(),
  user_message: z.array(userMessageSchema).max(USER_MESSAGES_MAX),
  /**
   * Issue 59: the language the person chose on Account (the portal's `preferences.language`), which
   * Next Steps reads in; null: never chose (the browser's language). An answer kept from before it
   * was sent (offline, worker/kept-answers.ts) reads as never chosen.
   */
  language: languageSchema.nullable().default(null),
  /** Issue 73: a support staff member's view as this person, read only; null: their own. */
  view_as: viewingAsSchema.nullable().default(null),
  /**
   * Issue 88: a delegate reads the student's shared tasks under this share (their bar, every change
   * refused); null: the person reads their own. A delegate's record carries no token (their own
   * session cookie signs their calls), none of the student's messages and no language of theirs.
   */
  shared: delegateShareSchema.nullable().default(null),
});
export type NextStepsUser = z.infer<typeof nextStepsUserSchema>;

/** `GET /next-steps/api/user/` answers a list; the first item is the user. */
export const nextStepsUserListSchema = /* @__PURE__ */ z.array(nextStepsUserSchema).min(1).max(1);
