import { z } from 'zod';
import { instantInput } from '../instant.schema.js';
import {
  contentPathSchema,
  contentSlugSchema,
  POST_LINKS_MAX,
  postTypeSchema,
} from '../content.schema.js';
import { linkInputSchema } from '../link.rules.js';
import { isMarkupWithinDepth, MARKUP_TOO_DEEP } from '../markup.rules.js';
import {
  adminFilterSchema,
  adminTextSchema,
  storedIntegerSchema,
  versionSchema,
} from './admin.schema.js';
import { needsSpanishTitle, spanishFields, spanishLinkText } from './translation.schema.js';

/** An address a post carries outside its body: the rule of every stored link, stored normalised. */
const safeHref = adminTextSchema()
  .trim()
  .min(1)
  .max(2000, 'Keep the address under 2,000 characters.')
  .pipe(linkInputSchema('Use an https:// address or a portal path.'));

export const adminPostLinkSchema = /* @__PURE__ */ z.strictObject({
  url: safeHref,
  link_text: adminTextSchema().trim().min(1, 'Give the link a text.').max(200),
  description: adminTextSchema().trim().max(500),
  icon_class: adminTextSchema()
    .trim()
    .max(100)
    .regex(/^[a-z0-9 _-]*$/i, 'Use letters, digits, dashes and spaces.'),
});

/**
 * How a post is published: now, from a chosen time (`publishing_opens_on`), or not at all (a draft,
 * kept out of every answer but a staff preview).
 */
export const publishingSchema = /* @__PURE__ */ z.enum(['now', 'scheduled', 'draft'], {
  error: 'Choose when it is published.',
});

const postShape = {
  post_type: postTypeSchema,
  title: adminTextSchema('Enter a title.')
    .trim()
    .min(1, 'Enter a title.')
    .max(200, 'Keep the title under 200 characters.'),
  slug: contentSlugSchema,
  /** Markdown: converted to HTML on the server, then sanitised; raw HTML in it is sanitised too. */
  body_markdown: adminTextSchema()
    .max(50_000, { error: 'Keep the body under 50,000 characters.', abort: true })
    // Bounded before any parser reads it: parsers recurse once per level of nesting.
    .refine(isMarkupWithinDepth, MARKUP_TOO_DEEP),
  category: adminTextSchema()
    .trim()
    .max(100)
    .regex(/^[a-z0-9_]*$/, 'Use lower-case letters, digits and underscores.')
    .nullable(),
  action_link: safeHref.nullable(),
  link_text: adminTextSchema().trim().max(200).nullable(),
  /** Issue 59: the Spanish title, body (Markdown, converted and sanitised as the English) and link text. */
  ...spanishFields(50_000),
  body_es: adminTextSchema()
    .max(50_000, { error: 'Keep the Spanish body under 50,000 characters.', abort: true })
    .refine(isMarkupWithinDepth, MARKUP_TOO_DEEP)
    .nullable()
    .default(null),
  ...spanishLinkText,
  hide_text: z.boolean(),
  publishing: publishingSchema,
  publishing_opens_on: instantInput('Enter a date and time.').nullable(),
  links: z.array(adminPostLinkSchema).max(POST_LINKS_MAX, `At most ${POST_LINKS_MAX} links.`),
};

function postRules(
  post: {
    publishing: string;
    publishing_opens_on: string | null;
    title_es: string | null;
    body_es: string | null;
    link_text_es: string | null;
  },
  ctx: z.RefinementCtx,
) {
  needsSpanishTitle(post, ctx);
  if (post.publishing === 'scheduled' && !post.publishing_opens_on)
    ctx.addIssue({
      code: 'custom',
      path: ['publishing_opens_on'],
      message: 'Choose when it opens.',
    });
}

/** `POST /admin/posts`. */
export const adminPostInputSchema = /* @__PURE__ */ z
  .strictObject(postShape)
  .superRefine(postRules);
export type AdminPostInput = z.infer<typeof adminPostInputSchema>;

/** `PUT /admin/posts/{id}`. */
export const adminPostUpdateSchema = /* @__PURE__ */ z
  .strictObject({ ...postShape, version: versionSchema })
  .superRefine(postRules);

/** A post's link moved a place up or down (the post's version guards the move). */
export const adminPostLinkMoveSchema = /* @__PURE__ */ z.strictObject({
  position: storedIntegerSchema('Choose a link.', 0),
  action: z.enum(['up', 'down']),
  version: versionSchema,
});

/** `GET /admin/posts?q=&type=&state=`. */
export const adminPostQuerySchema = /* @__PURE__ */ z.object({
  q: adminFilterSchema(200),
  type: postTypeSchema.optional().catch(undefined),
});

/** `POST /admin/pages` and `PUT /admin/pages/{id}`. */
const pageShape = {
  path: contentPathSchema,
  slug: contentSlugSchema,
  published: z.boolean(),
};
export const adminPageInputSchema = /* @__PURE__ */ z.strictObject(pageShape);
export type AdminPageInput = z.infer<typeof adminPageInputSchema>;
export const adminPageUpdateSchema = /* @__PURE__ */ z.strictObject({
  ...pageShape,
  version: versionSchema,
});

/** The page's posts: add one, move one up or down, take one off (the page's version guards each). */
export const adminPagePostSchema = /* @__PURE__ */ z.strictObject({
  post_id: storedIntegerSchema('Choose a post.'),
  action: z.enum(['add', 'up', 'down', 'remove']),
  version: versionSchema,
});
export type AdminPagePost = z.infer<typeof adminPagePostSchema>;
