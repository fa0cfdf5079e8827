import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { Post } from '../../../../../contract/content.schema.js';
import { fetchPosts } from '../../../../api/content.js';
import { takeEarlyRead } from '../../../../lib/early-read.js';
import type { EarlyRead } from '../../../../lib/early-read.js';
import { latestNews } from '../../../../lib/whats-new.js';
import { selectSectionData, selectSectionStatus } from '../../../../machines/section.machine.js';
import { WhatsNew } from '../../../../ui/portal/whats-new.js';
import { usePendingContent } from '../../../shared/scroll-restoration.js';
import { usePortal } from '../../../../routes/portal/context.js';
import {
  postSectionMachine,
  usePostOptions,
  useReportFailure,
} from '../../shared/content-support.js';
import { useActorRef } from '../../../../inspector/use-actor-ref.js';

/**
 * Here's What's New (portal.md §2): the newest blog post of the last 60 days, if any. `early`: the
 * posts the dashboard's loader started reading, taken once.
 */
export function WhatsNewBlock({ early }: { early?: EarlyRead<Post[]> | null | undefined }) {
  const { http } = usePortal();
  const reportFailure = useReportFailure('whats-new');
  const { dateOf } = usePostOptions();
  const section = useActorRef(
    postSectionMachine.provide({
      actors: {
        load: fromPromise(async () =>
          latestNews(
            await (takeEarlyRead(early) ?? fetchPosts(http, { post_type: 'blog' })),
            new Date(),
          ),
        ),
      },
      actions: { reportFailure },
    }),
  );
  const status = useSelector(section, selectSectionStatus);
  usePendingContent(status === 'loading');
  const post = useSelector(section, selectSectionData);
  return (
    <WhatsNew
      status={status}
      post={post}
      date={post ? dateOf(post) : null}
      onRetry={() => section.send({ type: 'section.retry' })}
    />
  );
}
