import { z } from 'zod';

/** What one can unsubscribe from by the link in an email (server/notify/topics.ts). */
export const notifyTopicSchema = /* @__PURE__ */ z.enum([
  'deadlines',
  'messages',
  'coursework',
  'records',
  'appointments',
]);
export type NotifyTopic = z.infer<typeof notifyTopicSchema>;

/** `?token=` of the one-click unsubscribe link (RFC 8058): who and which topic, signed. */
export const unsubscribeQuerySchema = /* @__PURE__ */ z.object({
  token: z.string().min(1).max(1000),
});

/** The confirmation page's query: `done=1` after the button was pressed. */
export const unsubscribePageQuerySchema = unsubscribeQuerySchema.extend({
  done: z.literal('1').optional(),
});

/** The one-click POST a mail client sends: `List-Unsubscribe=One-Click` (form-encoded). */
export const unsubscribeBodySchema = /* @__PURE__ */ z
  .object({ 'List-Unsubscribe': z.literal('One-Click').optional() })
  .optional();

/** The answer of `POST /api/notify/unsubscribe`: the topic stopped (already stopped: still true). */
export const unsubscribeAnswerSchema = /* @__PURE__ */ z.object({
  topic: notifyTopicSchema,
  unsubscribed: z.literal(true),
});
export type UnsubscribeAnswer = z.infer<typeof unsubscribeAnswerSchema>;
