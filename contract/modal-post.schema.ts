import { z } from 'zod';

/** The fields a post modal shows (portal.md §3 Post, post_type "modal"); its slug is the content key. */
export const modalPostSchema = /* @__PURE__ */ z.object({
  slug: z.string(),
  title: z.string(),
  body: z.string(),
  action_link: z.string().nullable().optional(),
  link_text: z.string().nullable().optional(),
  /** The post's image and its 800 px copy (portal.md §3 Post), shown above the body. */
  image: z.string().nullable().optional(),
  medium_image: z.string().nullable().optional(),
});
export const modalPostListSchema = /* @__PURE__ */ z.array(modalPostSchema);
export type ModalPost = z.infer<typeof modalPostSchema>;
