import { z } from 'zod';
import { pageSchema, storedPostSchema } from '../../contract/content.schema.js';
import type {
  PageRead,
  PostFilter,
  PostsSeenBy,
  StoredPage,
} from '../db/repositories/content.repository.js';
import { postsPage } from './keyset.js';
import type { PostsPage, PostsPageAsk } from '../db/repositories/keyset.js';
import type { Post, StoredPost } from '../../contract/content.schema.js';

/** Where content comes from: the store, or the demo set while demo mode is on. */
export interface ContentSource {
  findPosts(filter: PostFilter): Promise<StoredPost[]>;
  /** Issue 87: a page of that list as `seenBy` sees it; undefined when `after` is not of it. */
  findPostsPage(
    filter: PostFilter,
    seenBy: PostsSeenBy,
    ask: PostsPageAsk,
  ): Promise<PostsPage<StoredPost> | undefined>;
  findPage(
    by: { slug: string } | { path: string },
    read?: PageRead,
  ): Promise<StoredPage | undefined>;
}

/** A stored page as the cache keeps it (or null: no page at that path), checked when read back. */
export const cachedPageSchema = pageSchema
  .omit({ preview: true, preview_as: true })
  .extend({ posts: z.array(storedPostSchema) })
  .nullable();

/** The shared cache key of the page at `path`: its posts for every role, filtered after reading. */
export const pageCacheKey = (path: string) => `content:page:${path}`;

/** portal.md §9: a page by path is cached 15 minutes. */
export const PAGE_FRESH_MS = 15 * 60_000;

/** An in-memory source over a fixed set of posts and pages (the demo set, tests), without drafts. */
export class MemoryContentSource implements ContentSource {
  constructor(
    private readonly posts: Post[],
    private readonly pages: Array<Omit<StoredPage, 'posts'> & { posts: string[] }>,
  ) {}

  findPosts(filter: PostFilter): Promise<Post[]> {
    const found = this.posts.filter(
      (p) =>
        (filter.post_type === undefined || p.post_type === filter.post_type) &&
        (filter.category === undefined || p.category === filter.category) &&
        (filter.slug === undefined || p.slug === filter.slug),
    );
    return Promise.resolve(found);
  }

  /** The demo set is small and held in memory: its page is cut by the same keyset rule. */
  async findPostsPage(
    filter: PostFilter,
    seenBy: PostsSeenBy,
    ask: PostsPageAsk,
  ): Promise<PostsPage<Post> | undefined> {
    const { hiddenCategories, openAt } = seenBy;
    const seen = (await this.findPosts(filter)).filter(
      (p) =>
        (p.category === null || !hiddenCategories.includes(p.category)) &&
        (openAt === undefined || p.publishing_opens_on === null || p.publishing_opens_on <= openAt),
    );
    return postsPage(seen, ask);
  }

  findPage(by: { slug: string } | { path: string }): Promise<StoredPage | undefined> {
    const page = this.pages.find((p) => ('slug' in by ? p.slug === by.slug : p.path === by.path));
    if (!page) return Promise.resolve(undefined);
    const posts = page.posts.flatMap((slug) => this.posts.filter((p) => p.slug === slug));
    return Promise.resolve({ ...page, posts });
  }
}
