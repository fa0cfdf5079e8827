import { z } from 'zod';
import { idTextSchema } from './id.schema.js';
import { languageSchema } from './language.schema.js';
import { pageSizeField } from './page-size.schema.js';
import { roleSchema } from './roles.schema.js';

/** portal.md §3 Post types. */
export const postTypeSchema = /* @__PURE__ */ z.enum([
  'blog',
  'card',
  'hero',
  'basic_html',
  'icon_link',
  'promo',
  'video_embed',
  'accordion',
  'calendar',
  'resources',
  'modal',
]);
export type PostType = z.infer<typeof postTypeSchema>;

/** One link of a post (resources lists, school tools), in the order the editor gave. */
export const postLinkSchema = /* @__PURE__ */ z.object({
  /** Normalised by the server (`link.rules.ts`); the browser renders only what passes the rule. */
  url: z.string(),
  link_text: z.string(),
  description: z.string(),
  icon_class: z.string(),
});
export type PostLink = z.infer<typeof postLinkSchema>;

/** Issue 87: the most links a post carries (the admin's form refuses more; the store's read cuts to it). */
export const POST_LINKS_MAX = 50;

/** portal.md §3 Post. `body` is HTML the server sanitised when it was stored. Times are ISO-8601 UTC. */
export const postSchema = /* @__PURE__ */ z.object({
  pk: z.number().int(),
  post_type: postTypeSchema,
  title: z.string(),
  slug: z.string(),
  body: z.string(),
  category: z.string().nullable(),
  image: z.string().nullable(),
  thumbnail_image: z.string().nullable(),
  medium_image: z.string().nullable(),
  large_image: z.string().nullable(),
  /** As `links[].url`; `#modal:<slug>` opens a post modal. */
  action_link: z.string().nullable(),
  link_text: z.string().nullable(),
  hide_text: z.boolean(),
  publishing_opens_on: z.string().nullable(),
  links: z.array(postLinkSchema).max(POST_LINKS_MAX),
  /**
   * Issue 59: the language of `title`, `body` and `link_text` for a reader of Spanish: `es` when the
   * staff wrote a Spanish version, else `en` (the English, marked so). Absent for an English reader.
   */
  lang: languageSchema.optional(),
});
export type Post = z.infer<typeof postSchema>;

/**
 * A post as the server holds it before it is handed out: with its stored Spanish version
 * (contract/translations.rules.ts), which the answer replaces by the reader's text and `lang`.
 */
export const storedPostSchema = /* @__PURE__ */ postSchema.extend({
  translations: z.string().optional(),
});
export type StoredPost = z.infer<typeof storedPostSchema>;
/**
 * Issue 87: `GET /api/posts` a page at a time: at most this many posts an answer (`limit`, 1 to this,
 * absent: this many); the next page is asked with `after`, the last post's `pk`.
 */
export const POSTS_PAGE_MAX = 100;
export const postListSchema = /* @__PURE__ */ z
  .array(postSchema)
  .max(POSTS_PAGE_MAX)
  .describe(`A page of posts: \`limit\`, at most ${POSTS_PAGE_MAX}; fewer means the list's end.`);

/**
 * Issue 87: `GET /api/posts` answers a plain list (portal.md §7), so whether more posts follow its
 * last is said in this header, `true` when they do (absent: the list's end).
 */
export const POSTS_MORE_HEADER = 'x-more';
export const postsMoreHeaderSchema = /* @__PURE__ */ z
  .literal('true')
  .optional()
  .describe("More posts follow this page: ask with `after` the last post's `pk`.");

/**
 * A page of a list of posts (`GET /api/posts`, and a content page's own posts): `limit` posts at most
 * (1 to POSTS_PAGE_MAX, absent: POSTS_PAGE_MAX), after the post whose `pk` is `after`.
 */
const postsPageFields = () => ({
  limit: pageSizeField(POSTS_PAGE_MAX).describe(
    `A page's size, at most ${POSTS_PAGE_MAX} (absent: ${POSTS_PAGE_MAX}).`,
  ),
  after: idTextSchema
    .optional()
    .describe("A keyset cursor: the `pk` of the previous page's last post."),
});

/** Whom a staff preview shows a page as: a role, with or without financial dashboard access. */
export const previewAsSchema = /* @__PURE__ */ z.object({
  role: roleSchema,
  financial_dashboard_access: z.boolean(),
});
export type PreviewAs = z.infer<typeof previewAsSchema>;

/**
 * portal.md §3 Page: its posts in order. `preview` marks a staff answer to `published=all`;
 * `preview_as` a staff answer to `preview_role` (the posts that role sees, not the caller's).
 */
export const pageSchema = /* @__PURE__ */ z.object({
  path: z.string(),
  slug: z.string(),
  published: z.boolean(),
  preview: z.boolean(),
  preview_as: previewAsSchema.nullable(),
  /** Issue 87: a page of its posts (`limit`, `after`), as `GET /api/posts` pages them. */
  posts: postListSchema,
  /** More posts follow this page's last: ask with `after` its `pk`. Absent or false: none. */
  more: z.boolean().optional(),
});
export type Page = z.infer<typeof pageSchema>;

/** A content slug: lower-case words joined by "-", "_" or "/" (a page slug may have several parts). */
export const contentSlugSchema = /* @__PURE__ */ z
  .string()
  .max(200)
  .regex(/^[a-z0-9][a-z0-9_-]*(?:\/[a-z0-9][a-z0-9_-]*)*$/, 'is not a content slug');
/** A page path as the browser shows it: "/" or "/" followed by a content slug. */
export const contentPathSchema = /* @__PURE__ */ z
  .string()
  .max(201)
  .regex(/^\/(?:[a-z0-9][a-z0-9_-]*(?:\/[a-z0-9][a-z0-9_-]*)*)?$/, 'is not a page path');

/** `published=all`: staff preview of unpublished pages and future posts (portal.md §6). */
const publishedSchema = /* @__PURE__ */ z.literal('all').optional();

/** portal.md §7 `GET /api/posts`: by `category` and `post_type`, or by `slug` (optionally typed). */
export const postsQuerySchema = /* @__PURE__ */ z
  .strictObject({
    category: z.string().max(100).optional(),
    post_type: postTypeSchema.optional(),
    slug: contentSlugSchema.optional(),
    published: publishedSchema,
    ...postsPageFields(),
  })
  .refine((q) => (q.slug === undefined ? q.post_type !== undefined : q.category === undefined), {
    message: 'give post_type (with an optional category), or slug (with an optional post_type)',
  });
export type PostsQuery = z.infer<typeof postsQuerySchema>;

/**
 * portal.md §7 `GET /api/pages`: by `slug` or by `path`, never both. Staff may add `preview_role`
 * (and `preview_financial=1`) to see the posts someone of that role sees (portal.md §6 rules).
 */
export const pagesQuerySchema = /* @__PURE__ */ z
  .strictObject({
    slug: contentSlugSchema.optional(),
    path: contentPathSchema.optional(),
    published: publishedSchema,
    preview_role: roleSchema.optional(),
    preview_financial: z.literal('1').optional(),
    ...postsPageFields(),
  })
  .refine((q) => (q.slug === undefined) !== (q.path === undefined), {
    message: 'give either slug or path',
  })
  .refine((q) => q.preview_financial === undefined || q.preview_role !== undefined, {
    message: 'preview_financial needs preview_role',
  });
export type PagesQuery = z.infer<typeof pagesQuerySchema>;
