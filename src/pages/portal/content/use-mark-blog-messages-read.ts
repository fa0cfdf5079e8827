import { useEffect } from 'react';
import { useMessageActors } from '../shared/use-message-actors.js';

/**
 * portal.md §4: opening the whats-new route marks the unread blog messages read, then refreshes the
 * messages after 1 second. Call it from the whats-new route's component; it acts once per opening,
 * as soon as the messages have loaded.
 */
export function useMarkBlogMessagesRead(): void {
  const messages = useMessageActors()?.messages;
  useEffect(() => {
    if (!messages) return;
    let done = false;
    const markOnceLoaded = (loaded: boolean) => {
      if (done || !loaded) return;
      done = true;
      messages.send({ type: 'messages.readBlog' });
    };
    const subscription = messages.subscribe((s) => markOnceLoaded(s.hasTag('loaded')));
    markOnceLoaded(messages.getSnapshot().hasTag('loaded'));
    return () => subscription.unsubscribe();
  }, [messages]);
}
