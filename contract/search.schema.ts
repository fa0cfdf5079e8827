import { z } from 'zod';

import { SEARCH_QUERY_MAX_LENGTH } from './search.rules.js';

/** `GET /api/search?q=`: what was typed. */
export const searchQuerySchema = /* @__PURE__ */ z.strictObject({
  q: z.string().max(SEARCH_QUERY_MAX_LENGTH),
});

/**
 * A piece of a result's text, matched or not: the browser draws matches as `<mark>` from data, so
 * nothing in a result is ever read as markup.
 */
export const searchSegmentSchema = /* @__PURE__ */ z.strictObject({
  text: z.string(),
  match: z.boolean(),
});
export type SearchSegment = z.infer<typeof searchSegmentSchema>;

export const searchResultSchema = /* @__PURE__ */ z.strictObject({
  title: z.array(searchSegmentSchema),
  excerpt: z.array(searchSegmentSchema),
  /** A path of the portal or an http(s) address (school tools, resource links). */
  href: z.string(),
  /** Opens in a new tab: another site. */
  external: z.boolean(),
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
 * The answer: the query as read, and each group that has results, in `searchGroupSchema`'s order.
 * `partial`: the store's time for one search ran out, so some results may be missing (more specific
 * words help). `ignoredWords`: how many words past the first `SEARCH_MAX_WORDS` were not searched.
 */
export const searchAnswerSchema = /* @__PURE__ */ z.strictObject({
  query: z.string(),
  partial: z.boolean(),
  ignoredWords: z.number().int().min(0),
  groups: z.array(
    z.strictObject({
      group: searchGroupSchema,
      label: z.string(),
      results: z.array(searchResultSchema),
    }),
  ),
});
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;
