import { z } from 'zod';
import { idTextSchema } from './id.schema.js';
import { instantInputSchema } from './instant.schema.js';
import { languageSchema } from './language.schema.js';
import { linkSchema } from './link.rules.js';
import { instantSchema } from './sis/common.schema.js';

/**
 * Where a message's action leads: an http(s) address or a path of the portal (`/account#holds`), as
 * `link.rules.ts` normalises it. Nothing else (no `javascript:`, no `//host`, no `/\\host`).
 */
export const actionLinkSchema = linkSchema;

/** What a message is about; `blog` messages announce What's New posts (portal.md §4). */
export const messageCategorySchema = /* @__PURE__ */ z.enum(['general', 'blog']);
export type MessageCategory = z.infer<typeof messageCategorySchema>;

/**
 * portal.md §3 Message, as `GET /api/notifications/user` answers it for the signed-in person: `read`
 * and `user_read_on` are that person's own. Stored messages are never nudges (`is_nudge` false): nudges
 * come from the SIS (`finti/nudges`) and the browser shows them beside these. Texts are plain text.
 */
export const messageSchema = /* @__PURE__ */ z.object({
  pk: z.number().int(),
  title: z.string(),
  body: z.string(),
  read: z.boolean(),
  user_read_on: instantSchema.nullable(),
  created_on: instantSchema,
  action_link: actionLinkSchema.nullable(),
  display_as_banner: z.boolean(),
  is_nudge: z.boolean(),
  app_message: z.boolean(),
  category: messageCategorySchema,
  /** After this instant the message is no longer sent. */
  expires_on: instantSchema.nullable(),
  /** The department that published it through the inbound API (issue 60); absent: the portal's own. */
  from: z.string().nullable().optional(),
  /**
   * The language of `title` and `body` when the portal knows it: a publisher's message is `es` when
   * its Spanish text was given for a Spanish reader, else `en` (issue 60). Absent: the portal's own.
   */
  lang: languageSchema.optional(),
});
export type Message = z.infer<typeof messageSchema>;

/** `GET /api/notifications/user`: newest first, expired ones left out. */
export const messagesSchema = /* @__PURE__ */ z.array(messageSchema);

/** `/api/notifications/{pk}`. */
export const messageParamsSchema = /* @__PURE__ */ z.object({ pk: idTextSchema });

/** `PATCH /api/notifications/{pk}`: marks the message read for the signed-in person. */
export const markMessageReadSchema = /* @__PURE__ */ z.strictObject({
  user_read_on: instantInputSchema,
});
export type MarkMessageRead = z.infer<typeof markMessageReadSchema>;
