import { z } from 'zod';

/** The longest query the search reads; a longer one is refused (400). */
export const SEARCH_QUERY_MAX_LENGTH = 200;

/**
 * The most words one search looks for: each word costs the store a list to intersect, so further
 * ones are left out (the answer says how many) rather than refused, as a person typing on would
 * otherwise see an error instead of the results of the words before.
 */
export const SEARCH_MAX_WORDS = 8;

/** `GET /api/search?q=`: what was typed. */
export const searchQuerySchema = z.strictObject({
  q: z.string().max(SEARCH_QUERY_MAX_LENGTH),
});

/**
 * A piece of a result's text, matched or not: the browser draws matches as `<mark>` from data, so
 * nothing in a result is ever read as markup.
 */
export const searchSegmentSchema = z.strictObject({ text: z.string(), match: z.boolean() });
export type SearchSegment = z.infer<typeof searchSegmentSchema>;

export const searchResultSchema = z.strictObject({
  title: z.array(searchSegmentSchema),
  excerpt: z.array(searchSegmentSchema),
  /** A path of the portal or an http(s) address (school tools, resource links). */
  href: z.string(),
  /** Opens in a new tab: another site. */
  external: z.boolean(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** The groups results come in, in the order they are shown. */
export const searchGroupSchema = z.enum([
  'sections',
  'tools',
  'pages',
  'tasks',
  'classes',
  'messages',
]);
export type SearchGroup = z.infer<typeof searchGroupSchema>;

/**
 * The answer: the query as read, and each group that has results, in `searchGroupSchema`'s order.
 * `partial`: the store's time for one search ran out, so some results may be missing (more specific
 * words help). `ignoredWords`: how many words past the first `SEARCH_MAX_WORDS` were not searched.
 */
export const searchAnswerSchema = z.strictObject({
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
