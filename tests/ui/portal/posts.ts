import type { Post } from '../../../contract/content.schema.js';

let pk = 0;
/** A post with every field, for the component tests. */
export const aPost = (fields: Partial<Post>): Post => ({
  pk: ++pk,
  post_type: 'promo',
  title: `Post ${pk}`,
  slug: `post-${pk}`,
  body: '',
  category: null,
  image: null,
  thumbnail_image: null,
  medium_image: null,
  large_image: null,
  action_link: null,
  link_text: null,
  hide_text: false,
  publishing_opens_on: null,
  links: [],
  ...fields,
});
