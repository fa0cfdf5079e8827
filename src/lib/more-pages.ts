/** Issue 87: whether a next page of a list is there, being loaded, or failed to load. */
export type More = 'none' | 'ready' | 'loading' | 'failed';

/**
 * A paged list's "Show more" from its pages machine (post-pages, message-pages): the next page
 * being loaded (tag `more`), none after the list's end (`atEnd`), or one there, whose last load
 * failed (tag `failed`) or not.
 */
export function moreOf(pages: { hasTag(tag: 'more' | 'failed'): boolean }, atEnd: boolean): More {
  if (pages.hasTag('more')) return 'loading';
  if (atEnd) return 'none';
  return pages.hasTag('failed') ? 'failed' : 'ready';
}
