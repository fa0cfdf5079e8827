import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { Page, Post } from '../../../../contract/content.schema.js';
import { fetchPage } from '../../../api/content.js';
import { useActorRef } from '../../../inspector/use-actor-ref.js';
import { moreOf } from '../../../lib/more-pages.js';
import type { More } from '../../../lib/more-pages.js';
import { postPagesMachine, selectNextAfter } from '../../../machines/post-pages.machine.js';
import { usePortal } from '../../../routes/portal/context.js';
import type { PageAsked } from './content-reads.js';

/**
 * Issue 87: a content page's posts a page at a time. `page` is its first page (the loader's);
 * "Show more posts" reads the page after the last post shown (`GET /api/pages` with `after`, as the
 * first was asked: preview and role kept) and adds it; `added` names the posts the pages after
 * the first added (their `data-post`). The page read again starts over.
 */
export function useMorePosts(
  page: Page | null,
  asked: PageAsked,
): { posts: Post[]; added: readonly string[]; more: More; onMore: () => void } {
  const { http } = usePortal();
  const pages = useActorRef(
    postPagesMachine.provide({
      actors: {
        loadMore: fromPromise(async ({ input }) => {
          const next = await fetchPage(http, asked.path, asked.preview, asked.as, input.after);
          if (!next) throw new Error(`The page at ${asked.path} is gone`);
          return next;
        }),
      },
    }),
  );
  useEffect(() => {
    pages.send({ type: 'posts.reset' });
  }, [page, pages]);
  const next = useSelector(pages, (s) => selectNextAfter(s, page));
  const more = useSelector(pages, (s) => moreOf(s, next === null));
  const added = useSelector(pages, (s) => s.context.added);
  const posts = useMemo(() => [...(page?.posts ?? []), ...added], [page, added]);
  const addedKeys = useMemo(() => added.map((post) => String(post.pk)), [added]);
  return {
    posts,
    added: addedKeys,
    more,
    onMore: () => {
      if (next !== null) pages.send({ type: 'posts.more', after: next });
    },
  };
}
