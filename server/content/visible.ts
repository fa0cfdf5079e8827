import { canSeeContent, isPublished } from '../../contract/content.rules.js';
import type { ContentReader } from '../../contract/content.rules.js';
import type { Post } from '../../contract/content.schema.js';

/**
 * What of `posts` may leave the server for this user (portal.md §6): only posts for their roles,
 * and only posts already open — unless staff asked for the preview (`published=all`).
 */
export function visiblePosts<P extends Post>(
  posts: P[],
  user: ContentReader,
  now: Date,
  preview: boolean,
): P[] {
  return posts.filter(
    (post) =>
      canSeeContent(user, post.category) && (preview || isPublished(post.publishing_opens_on, now)),
  );
}
