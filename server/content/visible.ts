import { canSeeContent, isPublished } from '../../contract/content.rules.js';
import type { ContentReader } from '../../contract/content.rules.js';
import type { Post } from '../../contract/content.schema.js';

/**
 * What of `posts` may leave the server for this user (portal.md §6): only posts for their roles,
 * and only posts already open — unless staff asked for the preview (`published=all`).
 */
export function visiblePosts(posts: Post[], user: ContentReader, now: Date, preview: boolean) {
  return posts.filter(
    (post) =>
      canSeeContent(user, post.category) && (preview || isPublished(post.publishing_opens_on, now)),
  );
}
