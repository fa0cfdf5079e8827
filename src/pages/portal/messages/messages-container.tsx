import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { fetchMessages } from '../../../api/messages.js';
import { useActorRef } from '../../../inspector/use-actor-ref.js';
import { unreadFirst } from '../../../lib/messages.js';
import { formatCampusDate } from '../../../lib/time.js';
import {
  selectAdded,
  selectInbox,
  selectMessagesStatus,
  selectNext,
  selectUnreadCount,
} from '../../../machines/messages.machine.js';
import { moreOf } from '../../../lib/more-pages.js';
import { messagePagesMachine } from '../../../machines/message-pages.machine.js';
import { MessagesPage } from '../../../ui/portal/messages-page.js';
import { Loading } from '../../../ui/loading.js';
import { PageToolbar } from '../shared/blocks/page-toolbar-block.js';
import type { MessageActors } from '../shared/use-message-actors.js';
import { useMessageCenter } from '../shared/use-message-actors.js';
import { usePendingContent } from '../../shared/scroll-restoration.js';
import { usePortal } from '../../../routes/portal/context.js';
import { usePageTitle } from '../shared/page-title.js';

function ConnectedMessages({ messages }: Pick<MessageActors, 'messages'>) {
  const { campus, http } = usePortal();
  const { t } = useLingui();
  // Issue 87: "Show more" loads the next page with this page, and hands it to the message center.
  const pages = useActorRef(
    messagePagesMachine.provide({
      actors: { loadMore: fromPromise(({ input }) => fetchMessages(http, input.after)) },
    }),
    { input: { center: messages } },
  );
  const next = useSelector(messages, selectNext);
  const more = useSelector(pages, (s) => moreOf(s, next === null));
  const items = useSelector(messages, selectInbox);
  const status = useSelector(messages, selectMessagesStatus);
  const unreadCount = useSelector(messages, selectUnreadCount);
  const added = useSelector(messages, selectAdded);
  usePendingContent(status === 'loading');
  const { unread, read } = useMemo(() => unreadFirst(items), [items]);
  return (
    <MessagesPage
      status={status}
      unread={unread}
      read={read}
      formatDate={(iso) => formatCampusDate(iso, campus.timeZone)}
      onRead={(key) => messages.send({ type: 'messages.read', key })}
      onReadAll={() => messages.send({ type: 'messages.readAll' })}
      onRetry={() => messages.send({ type: 'messages.retry' })}
      unreadCount={unreadCount}
      more={more}
      added={added}
      onMore={() => {
        if (next !== null) pages.send({ type: 'pages.more', after: next });
      }}
      toolbar={<PageToolbar title={t`Messages`} />}
    />
  );
}

/**
 * portal.md §2 /messages, §3 Messages: every message listed once. The banner is not repeated above
 * the list, whose unread messages are the banner's own lines.
 */
export function MessagesContainer() {
  const messages = useMessageCenter();
  const { t } = useLingui();
  usePageTitle(t`Messages`);
  usePendingContent(messages === null);
  return messages ? <ConnectedMessages messages={messages} /> : <Loading />;
}
