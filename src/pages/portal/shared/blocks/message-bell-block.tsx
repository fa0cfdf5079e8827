import { useSelector } from '@xstate/react';
import { selectUnreadCount } from '../../../../machines/messages.machine.js';
import type { MessageActors } from '../use-message-actors.js';
import { MessageBell } from '../../../../ui/portal/message-bell.js';
import { useMessageActors } from '../use-message-actors.js';

function ConnectedBell({ messages }: Pick<MessageActors, 'messages'>) {
  return <MessageBell unread={useSelector(messages, selectUnreadCount)} />;
}

/** The toolbar's message bell (portal.md §2): links to /messages, "Messages, 3 unread". */
export function MessageBellBlock() {
  const actors = useMessageActors();
  return actors ? <ConnectedBell messages={actors.messages} /> : <MessageBell unread={0} />;
}
