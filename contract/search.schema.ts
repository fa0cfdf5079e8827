import { z } from 'zod';

import type { Language } from './language.schema.js';
import {
  SEARCH_GROUP_MAX,
  SEARCH_GROUP_PAGES_MAX,
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_SEGMENTS_MAX,
} from './search.rules.js';

/**
 * A result's possible languages, language.schema.ts's `LANGUAGES` written again: importing that
 * module here would split it into a chunk of its own on the first route (the search's schemas load
 * lazily). The server gives each result a `Language`, so a language added there fails to compile
 * until it is added here too.
 */
const RESULT_LANGUAGES = ['en', 'es'] as const satisfies readonly Language[];

/**
 * A piece of a result's text, matched or not: the browser draws matches as `<mark>` from data, so
 * nothing in a result is ever read as markup.
 */
export const searchSegmentSchema = /* @__PURE__ */ z.strictObject({
  text: z.string(),
  match: z.boolean(),
  /**
   * A piece in another language than its result's (issue 76): the portal's own words, in the
   * reader's language, beside what the records wrote (a coursework item's "Vence …").
   */
  lang: z.optional(z.enum(RESULT_LANGUAGES)),
});
export type SearchSegment = z.infer<typeof searchSegmentSchema>;

const piecesSchema = /* @__PURE__ */ z.array(searchSegmentSchema).max(SEARCH_SEGMENTS_MAX);

export const searchResultSchema = /* @__PURE__ */ z.strictObject({
  title: piecesSchema,
  excerpt: piecesSchema,
  /** A path of the portal or an http(s) address (school tools, resource links). */
  href: z.string(),
  /** Opens in a new tab: another site. */
  external: z.boolean(),
  /**
   * The language of `title` and `excerpt` (issue 76): a portal section's and a campus tool's name in
   * the reader's language where the campus gives one, a post's, task's or message's Spanish where
   * the staff wrote it; else what the records, the feeds and the staff wrote, English.
   */
  lang: z.enum(RESULT_LANGUAGES),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** The groups results come in, in the order they are shown. */
export const searchGroupSchema = /* @__PURE__ */ z.enum([
  'sections',
  'tools',
  'pages',
  'tasks',
  'coursework',
  'classes',
  'messages',
]);
export type SearchGroup = z.infer<typeof searchGroupSchema>;

/**
 * Issue 87: a group's next page, `<group>.<offset>` (a group's `next`): the results of that group
 * from `offset`, a whole number of pages and fewer than `SEARCH_GROUP_PAGES_MAX` of them.
 */
export const searchCursorSchema = /* @__PURE__ */ z
  .string()
  .max(40)
  .transform((text, ctx) => {
    const [group, offset, ...rest] = text.split('.');
    const kind = searchGroupSchema.safeParse(group);
    const at = /^[1-9][0-9]{0,3}$/.test(offset ?? '') ? Number(offset) : NaN;
    if (
      rest.length > 0 ||
      !kind.success ||
      at % SEARCH_GROUP_MAX !== 0 ||
      at / SEARCH_GROUP_MAX >= SEARCH_GROUP_PAGES_MAX
    ) {
      ctx.addIssue({ code: 'custom', message: 'Not a cursor this search answered: search again.' });
      return z.NEVER;
    }
    return { group: kind.data, offset: at };
  });
export type SearchCursor = z.output<typeof searchCursorSchema>;

/** A group's cursor for the page from `offset`. */
export const searchCursor = (group: SearchGroup, offset: number) => `${group}.${offset}`;

/**
 * `GET /api/search?q=[&after=]`: what was typed; with `after` (a group's `next`) the answer holds
 * only that group's next page.
 */
export const searchQuerySchema = /* @__PURE__ */ z.strictObject({
  q: z.string().max(SEARCH_QUERY_MAX_LENGTH),
  after: searchCursorSchema
    .optional()
    .describe("A group's next page: the group's `next` of the answer before."),
});

/**
 * The answer: the query as read, and each group that has results, in `searchGroupSchema`'s order.
 * `partial`: the store's time for one search ran out, so some results may be missing (more specific
 * words help). `ignoredWords`: how many words past the first `SEARCH_MAX_WORDS` were not searched.
 */
export const searchAnswerSchema = /* @__PURE__ */ z.strictObject({
  query: z.string(),
  partial: z.boolean(),
  ignoredWords: z.number().int().min(0),
  groups: z
    .array(
      z.strictObject({
        group: searchGroupSchema,
        label: z.string(),
        results: z
          .array(searchResultSchema)
          .max(SEARCH_GROUP_MAX)
          .describe(`The group's best results, at most ${SEARCH_GROUP_MAX}.`),
        /** The group found more than it holds (issue 87); absent or false: these are all. */
        more: z.boolean().optional(),
        /**
         * Issue 87: the cursor of the group's next page (ask again with `after`), while more were
         * found and the group's pages are not at `SEARCH_GROUP_PAGES_MAX`; absent: none.
         */
        next: z.string().max(40).optional(),
      }),
    )
    .max(searchGroupSchema.options.length),
});
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;
