import type { Post } from '../../../../contract/content.schema.js';

/**
 * A post's own element on a content page: named by its `pk` (`data-post`) and focusable by script
 * only, so "Show more posts" can move focus to the first post it added (issue 87; `useFocusAdded`).
 */
export const postMark = (post: Post) => ({ 'data-post': String(post.pk), tabIndex: -1 });
