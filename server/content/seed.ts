import type { ContentRepository, NewPost } from '../db/repositories/content.repository.js';
import { dashboardPosts } from './sample-dashboard.js';
import { pagePosts, samplePages } from './sample-pages.js';
import { storePost } from './stored.js';
import type { SamplePost } from './sample-types.js';

const DAY_MS = 86_400_000;

/** A sample post as stored: every optional field filled, its opening day counted from `now`. */
export function toNewPost({ opensInDays, ...post }: SamplePost, now: Date): NewPost {
  return {
    category: null,
    image: null,
    thumbnail_image: null,
    medium_image: null,
    large_image: null,
    action_link: null,
    link_text: null,
    ...post,
    publishing_opens_on:
      opensInDays === undefined
        ? null
        : new Date(now.getTime() + opensInDays * DAY_MS).toISOString(),
  };
}

/**
 * Fills empty content tables with the sample content (portal.md §3); does nothing when any post
 * exists, so a restart or a second server never seeds twice.
 */
export async function seedContent(content: ContentRepository, now: Date): Promise<boolean> {
  if ((await content.countPosts()) > 0) return false;
  for (const post of [...dashboardPosts, ...pagePosts])
    await storePost(content, toNewPost(post, now));
  for (const { posts, ...page } of samplePages(dashboardPosts.map((p) => p.slug))) {
    await content.insertPage(page, posts);
  }
  return true;
}
