import { z } from 'zod';
import { idTextSchema } from './id.schema.js';
import { instantInputSchema } from './instant.schema.js';
import { languageSchema } from './language.schema.js';
import { linkSchema } from './link.rules.js';
import { englishPartsSchema } from './translations.schema.js';
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
  /**
   * The parts of a Spanish `title` and `body` that stay English (issue 87): a record's name the
   * campus gives no Spanish for, which the page marks `lang="en"` (WCAG 3.1.2). Absent: none.
   */
  english: englishPartsSchema.optional(),
});
export type Message = z.infer<typeof messageSchema>;

/** Messages newest first, expired ones left out (a page of them, `messagePageSchema`). */
export const messagesSchema = /* @__PURE__ */ z.array(messageSchema);

/** Issue 87: how many messages a page of `GET /api/notifications/user` holds unless `limit` says. */
export const MESSAGES_PAGE_SIZE = 50;
/** The most a page holds, whatever `limit` asks. */
export const MESSAGES_PAGE_MAX = 100;
/** portal.md §9: the banner shows at most 5 unread messages; a page carries them whatever its place. */
export const MESSAGES_BANNER_LIMIT = 5;

/**
 * A page's cursor: where the next page starts, the last message's `created_on` and `pk`, base64url
 * encoded (`<created_on>|<pk>`). Opaque to the browser, which hands back what `next` answered. The
 * list is ordered by (created_on, pk), newest first, so a message arriving between two pages shows on
 * the first, never shifting the pages after it: no message twice, none left out.
 */
export interface MessageCursor {
  created_on: string;
  pk: number;
}

const CURSOR_TEXT = /^[A-Za-z0-9_-]{1,200}$/;
const CURSOR_PARTS = /^(\d{4}-\d{2}-\d{2}T[\d:.]+(?:Z|[+-]\d{2}:\d{2}))\|(\d{1,15})$/;

/** The cursor after this message. */
export const cursorAfter = (m: { created_on: string; pk: number }): string =>
  btoa(`${m.created_on}|${m.pk}`).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** What a cursor names, or null when it is not one this API answered. */
export function readCursor(text: string): MessageCursor | null {
  if (!CURSOR_TEXT.test(text)) return null;
  let decoded: string;
  try {
    decoded = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
  const parts = CURSOR_PARTS.exec(decoded);
  if (!parts?.[1] || !parts[2]) return null;
  return { created_on: parts[1], pk: Number(parts[2]) };
}

/** `GET /api/notifications/user`'s query (issue 87): a page's size and where it starts. */
export const messagesQuerySchema = /* @__PURE__ */ z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MESSAGES_PAGE_MAX)
    .default(MESSAGES_PAGE_SIZE)
    .describe(
      `How many messages the page holds: ${MESSAGES_PAGE_SIZE} unless asked, at most ${MESSAGES_PAGE_MAX}.`,
    ),
  after: z
    .string()
    .refine((text) => readCursor(text) !== null, {
      message: 'Not a cursor this list answered: ask for the first page again.',
    })
    .optional()
    .describe("Where the page starts: a page's `next`. Absent: the first page (the newest)."),
});
export type MessagesQuery = z.infer<typeof messagesQuerySchema>;

/**
 * `GET /api/notifications/user` (issue 87): one page of the person's messages, newest first, expired
 * ones left out, with what is true of the whole list: how many are unread and the newest unread ones
 * the banner shows, wherever they stand in it.
 */
export const messagePageSchema = /* @__PURE__ */ z.object({
  messages: messagesSchema
    .max(MESSAGES_PAGE_MAX)
    .describe(
      `This page's messages, newest first: ${MESSAGES_PAGE_SIZE} unless \`limit\` says, at most ${MESSAGES_PAGE_MAX}.`,
    ),
  next: z
    .string()
    .nullable()
    .describe('The cursor of the next page (`?after=`), or null on the last page.'),
  unread: z.number().int().min(0).describe('How many of all the messages are unread.'),
  banner: messagesSchema
    .max(MESSAGES_BANNER_LIMIT)
    .describe(
      `The newest unread messages shown as a banner, of all the messages, at most ${MESSAGES_BANNER_LIMIT} (portal.md §9).`,
    ),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

/** `/api/notifications/{pk}`. */
export const messageParamsSchema = /* @__PURE__ */ z.object({ pk: idTextSchema });

/** `PATCH /api/notifications/{pk}`: marks the message read for the signed-in person. */
export const markMessageReadSchema = /* @__PURE__ */ z.strictObject({
  user_read_on: instantInputSchema,
});
export type MarkMessageRead = z.infer<typeof markMessageReadSchema>;

/**
 * `POST /api/notifications/read`: marks every message of the signed-in person read, on every page,
 * loaded or not ("Mark all read"); with `category`, only that category's (What's New marks `blog`,
 * portal.md §4). A message already read keeps its first read time.
 */
export const markAllReadSchema = /* @__PURE__ */ z.strictObject({
  user_read_on: instantInputSchema,
  category: messageCategorySchema
    .optional()
    .describe("Only this category's messages (`blog`: What's New's). Absent: all of them."),
});
export type MarkAllRead = z.infer<typeof markAllReadSchema>;

/** What `POST /api/notifications/read` marked: how many were unread, and how many are still. */
export const markedAllSchema = /* @__PURE__ */ z.object({
  marked: z.number().int().min(0).describe('How many messages this call marked read.'),
  unread: z.number().int().min(0).describe('How many of all the messages are unread now.'),
});
export type MarkedAll = z.infer<typeof markedAllSchema>;
