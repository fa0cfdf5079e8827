import { POSTS_PAGE_MAX } from '../../contract/content.schema.js';

/** A page of a list of posts, and whether more follow its last. */
export interface PostsPage<P> {
  posts: P[];
  more: boolean;
}

/** What a page is asked with: its size (absent: POSTS_PAGE_MAX) and the cursor, a post's `pk`. */
export interface PostsPageAsk {
  limit?: number | undefined;
  after?: number | undefined;
}

/**
 * Issue 87: a keyset page of a list of posts, in the list's order: the `limit` after the post whose
 * `pk` is `after` (from the start without it), and whether more follow. Undefined when `after` names
 * no post of the list (the route answers 400: ask for the first page without it).
 */
export function postsPage<P extends { pk: number }>(
  list: readonly P[],
  page: PostsPageAsk,
): PostsPage<P> | undefined {
  const { limit = POSTS_PAGE_MAX, after } = page;
  const start = after === undefined ? 0 : list.findIndex((p) => p.pk === after) + 1;
  if (start === 0 && after !== undefined) return undefined;
  return fromRows(list.slice(start, start + limit + 1), limit);
}

/**
 * The same page read by a store: its query asks for one row past the page (`rowsToRead`, SQL's
 * `LIMIT n + 1`) and the page is the rows read less that one, `more` whether it came.
 */
export const rowsToRead = (limit: number) => limit + 1;
export function fromRows<P>(rows: readonly P[], limit: number): PostsPage<P> {
  return { posts: rows.slice(0, limit), more: rows.length > limit };
}

/** What a route answers for an `after` that names no post of its list. */
export const UNKNOWN_AFTER = {
  detail: 'after: not a post of this list; ask for the first page without it',
};
