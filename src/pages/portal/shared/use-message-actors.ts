import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { bannerMachine } from '../../../machines/banner.machine.js';
import type { messagesMachine } from '../../../machines/messages.machine.js';
import { usePortal } from '../../../routes/portal/context.js';

/**
 * The message center (bell, banner, Messages page, What's New marking) and the banner's own state
 * (hold line, emergency alerts): actors of the portal system (src/machines/portal.machine.ts), started
 * once the user is known and shared by every view.
 */
export interface MessageActors {
  messages: ActorRefFrom<typeof messagesMachine>;
  banner: ActorRefFrom<typeof bannerMachine>;
}

/** The portal's message actors, or null until the user is known. */
export function useMessageActors(): MessageActors | null {
  const { portal } = usePortal();
  const messages = useSelector(portal, (s) => s.children.messages);
  const banner = useSelector(portal, (s) => s.children.banner);
  return useMemo(() => (messages && banner ? { messages, banner } : null), [messages, banner]);
}

/**
 * The message center alone, or null until it runs: the Messages page's, which a delegate the
 * student shared the university's messages with reads too (issue 88), with no banner of theirs.
 */
export function useMessageCenter(): MessageActors['messages'] | null {
  const { portal } = usePortal();
  return useSelector(portal, (s) => s.children.messages) ?? null;
}
