import type { NewPost } from '../db/repositories/content.repository.js';

/** A sample post: the fields an editor fills, its publishing date given in days from the seed time. */
export type SamplePost = Omit<
  NewPost,
  | 'category'
  | 'image'
  | 'thumbnail_image'
  | 'medium_image'
  | 'large_image'
  | 'action_link'
  | 'link_text'
  | 'publishing_opens_on'
> &
  Partial<
    Pick<
      NewPost,
      | 'category'
      | 'image'
      | 'thumbnail_image'
      | 'medium_image'
      | 'large_image'
      | 'action_link'
      | 'link_text'
    >
  > & {
    /** Days from now the post opens (negative: already open); none: open from the start. */
    opensInDays?: number;
  };

export interface SamplePage {
  path: string;
  slug: string;
  published: boolean;
  posts: string[];
}
