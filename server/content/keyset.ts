import { POSTS_PAGE_MAX } from '../../contract/content.schema.js';
import { fromRows } from '../db/repositories/keyset.js';
import type { PostsPage, PostsPageAsk } from '../db/repositories/keyset.js';

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

/** What a route answers for an `after` that names no post of its list. */
export const UNKNOWN_AFTER = {
  detail: 'after: not a post of this list; ask for the first page without it',
};
