import type { ContentRepository, NewPost } from '../db/repositories/content.repository.js';
import { dashboardPosts } from './sample-dashboard.js';
import { pagePosts, samplePages } from './sample-pages.js';
import { seedStoredPost } from './stored.js';
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
 * exists, so a restart, a second server or content staff removed never brings the samples back.
 * A step of the store's start (server/store-seed.ts), under its lock; each row is inserted with
 * `ON CONFLICT DO NOTHING` besides. Answers whether it stored anything.
 */
export async function seedContent(content: ContentRepository, now: Date): Promise<boolean> {
  if ((await content.countPosts()) > 0) return false;
  let added = 0;
  for (const post of [...dashboardPosts, ...pagePosts])
    if (await seedStoredPost(content, toNewPost(post, now))) added += 1;
  for (const { posts, ...page } of samplePages(dashboardPosts.map((p) => p.slug))) {
    if (await content.seedPage(page, posts)) added += 1;
  }
  return added > 0;
}
