import type { EmergencyAlert } from '../../contract/alerts.schema.js';
import type { Message, MessagePage } from '../../contract/messages.schema.js';
import type { Nudge } from '../../contract/sis/nudges.schema.js';

/** A stored message as `GET /api/notifications/user` answers it. */
export function message(pk: number, change: Partial<Message> = {}): Message {
  return {
    pk,
    title: `Message ${pk}`,
    body: `Body of message ${pk}`,
    read: false,
    user_read_on: null,
    created_on: new Date(Date.UTC(2026, 10, 1, 0, pk)).toISOString(),
    action_link: null,
    display_as_banner: true,
    is_nudge: false,
    app_message: false,
    category: 'general',
    expires_on: null,
    ...change,
  };
}

/** Issue 87: `GET /api/notifications/user`'s answer holding these messages, the whole list. */
export function messagePage(messages: Message[], next: string | null = null): MessagePage {
  const unread = messages.filter((m) => !m.read);
  return {
    messages,
    next,
    unread: unread.length,
    banner: unread.filter((m) => m.display_as_banner).slice(0, 5),
  };
}

export function nudge(pk: number, change: Partial<Nudge> = {}): Nudge {
  return {
    pk,
    nudge_type: 'CONTACT',
    title: `Nudge ${pk}`,
    body: 'Please confirm your contact information.',
    created_on: '2026-10-01T00:00:00.000Z',
    display_as_banner: true,
    ...change,
  };
}

/** The sample emergency alert as `GET /api/integrations/rave-messages` answers it, unread. */
export const emergencyAlert: EmergencyAlert = {
  id: 'aaaaaaaaaaaaaaaa',
  title: 'Campus alert test',
  description: 'No action is needed.',
  pubDate: '2026-11-21T11:00:00.000Z',
  severity: 'emergency',
  read: false,
};
