import type { Message } from '../../contract/messages.schema.js';
import type { Nudge } from '../../contract/sis/nudges.schema.js';

/**
 * What the message center loads: the first page of the person's messages and their SIS nudges
 * (messages.machine.ts). Issue 87: with the page, the cursor of the next (`next`), how many of all
 * the messages are unread (`unread`) and the newest unread banner ones of all (`banner`); absent,
 * the messages are the whole list.
 */
export interface MessagesData {
  messages: Message[];
  nudges: Nudge[];
  next?: string | null;
  unread?: number;
  banner?: Message[];
}
