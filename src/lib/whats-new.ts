import type { Post } from '../../contract/content.schema.js';

const DAY_MS = 86_400_000;
/** portal.md §9: What's New shows a blog post only if it was published within the last 60 days. */
export const WHATS_NEW_DAYS = 60;

/**
 * portal.md §2/§9 What's New: the newest blog post, and only if it was published within the last
 * 60 days; null otherwise. A post without a publishing date has no known age and does not count.
 */
export function latestNews(posts: readonly Post[], now: Date): Post | null {
  let newest: { post: Post; at: number } | null = null;
  for (const post of posts) {
    if (post.post_type !== 'blog' || post.publishing_opens_on === null) continue;
    const at = Date.parse(post.publishing_opens_on);
    if (at > now.getTime()) continue;
    if (!newest || at > newest.at) newest = { post, at };
  }
  if (!newest || now.getTime() - newest.at > WHATS_NEW_DAYS * DAY_MS) return null;
  return newest.post;
}
