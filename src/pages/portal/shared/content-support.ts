import { useCallback, useMemo } from 'react';
import { z } from 'zod';
import type { Post } from '../../../../contract/content.schema.js';
import { formatCampusDate } from '../../../lib/time.js';
import { embedUrlFor } from '../../../lib/video.js';
import { createSectionMachine } from '../../../machines/section.machine.js';
import type { Page } from '../../../../contract/content.schema.js';
import type { PostViewOptions } from '../../../ui/portal/content/post-view.js';
import { usePortal } from '../../../routes/portal/context.js';
import { apiFailed } from '../../../api/api-failure.js';

/** Staff preview unpublished content with `?published=all` (portal.md §6); anything else is ignored. */
export const contentSearchSchema = z.object({
  published: z.literal('all').optional().catch(undefined),
});

/**
 * A content page's loader: empty when the page has no post for this user. No page at all (null)
 * is loaded data: the page shows not-found.
 */
export const pageSectionMachine = createSectionMachine<Page | null>(
  (page) => page !== null && page.posts.length === 0,
);
/** A single post's loader (What's New, a blog post): empty when there is none. */
export const postSectionMachine = createSectionMachine<Post | null>((post) => post === null);

/** Pushes a failed content call into the app's error list (portal.md §8). */
export function useReportFailure(component: string): () => void {
  const { app } = usePortal();
  return useCallback(() => app.send(apiFailed(component)), [app, component]);
}

/** How posts open modals, embed videos and show dates, for this campus. */
export function usePostOptions(): PostViewOptions & { onOpenModal: (key: string) => void } {
  const { modal, campus } = usePortal();
  return useMemo(
    () => ({
      onOpenModal: (key: string) => modal.send({ type: 'modal.open', key }),
      embedUrl: (post: Post) => embedUrlFor(post.action_link, campus.videoHosts),
      dateOf: (post: Post) =>
        post.publishing_opens_on
          ? formatCampusDate(post.publishing_opens_on, campus.timeZone)
          : null,
    }),
    [modal, campus],
  );
}
