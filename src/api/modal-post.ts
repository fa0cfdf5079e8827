import { modalPostListSchema } from '../../contract/modal-post.schema.js';
import type { ModalPost } from '../../contract/modal-post.schema.js';
import { sanitizerFor } from '../lib/rich-text.js';
import type { Http } from './client.js';

/**
 * portal.md §4: the modal post whose slug is the content key (`GET /api/posts?slug=…&post_type=modal`,
 * filtered by the user's roles on the server), or null when no post matches.
 */
export async function findModalPost(http: Http, key: string): Promise<ModalPost | null> {
  const posts = modalPostListSchema.parse(
    await http.get('posts', { searchParams: { post_type: 'modal', slug: key } }).json(),
  );
  const post = posts.find((p) => p.slug === key) ?? null;
  if (post) await sanitizerFor([post.body]);
  return post;
}
