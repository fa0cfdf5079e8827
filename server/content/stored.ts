import type { Post } from '../../contract/content.schema.js';
import { isSafeContentUrl } from '../../contract/html-policy.js';
import { isSafeLink, normaliseLink } from '../../contract/link.rules.js';
import type {
  ContentRepository,
  NewPost,
  PageRead,
  StoredPage,
} from '../db/repositories/content.repository.js';
import { sanitizeContentHtml } from './sanitize.js';
import type { ContentSource } from './source.js';

/** Addresses a post carries outside its body must pass the same URL rule as the body's links. */
function assertSafeAddresses(post: NewPost): void {
  const links = [post.action_link, ...(post.links ?? []).map((l) => l.url)];
  const images = [post.image, post.thumbnail_image, post.medium_image, post.large_image];
  const bad =
    links.find((url) => url !== null && !isSafeLink(url)) ??
    images.find((src) => src !== null && !isSafeContentUrl('src', src));
  if (bad !== undefined) throw new Error(`Post ${post.slug} has an address the policy refuses`);
}

/**
 * A stored post as it is handed out: a link stored before the link rule (or by hand) that the rule
 * refuses is not handed out, and the others in their normalised form.
 */
export function handedOut<P extends Post>(post: P): P {
  return {
    ...post,
    action_link: post.action_link === null ? null : normaliseLink(post.action_link),
    links: post.links.flatMap((link) => {
      const url = normaliseLink(link.url);
      return url === null ? [] : [{ ...link, url }];
    }),
  };
}

/**
 * Stores a post (the seed, the tests): its body goes through the HTML allow-list first, and a post
 * whose action link, links or images use a refused address (javascript:, data:, …) is refused.
 */
export async function storePost(content: ContentRepository, post: NewPost): Promise<Post> {
  assertSafeAddresses(post);
  return handedOut(
    await content.insertPost({ ...post, body: sanitizeContentHtml(post.body ?? '') }),
  );
}

/** The sample seed's post, checked as `storePost` does; stored only when its slug is free. */
export async function seedStoredPost(content: ContentRepository, post: NewPost): Promise<boolean> {
  assertSafeAddresses(post);
  return content.seedPost({ ...post, body: sanitizeContentHtml(post.body ?? '') });
}

/** The store as a content source: what the repository reads, with the link rule applied. */
export function storedContent(content: ContentRepository): ContentSource {
  return {
    findPosts: async (filter) => (await content.findPosts(filter)).map(handedOut),
    async findPostsPage(filter, seenBy, ask) {
      const page = await content.findPostsPage(filter, seenBy, ask);
      return page && { ...page, posts: page.posts.map(handedOut) };
    },
    async findPage(by, read?: PageRead): Promise<StoredPage | undefined> {
      const page = await content.findPage(by, read);
      return page && { ...page, posts: page.posts.map(handedOut) };
    },
  };
}
