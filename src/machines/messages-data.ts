import type { Message } from '../../contract/messages.schema.js';
import type { Nudge } from '../../contract/sis/nudges.schema.js';

/** What the message center loads: the person's messages and SIS nudges (messages.machine.ts). */
export interface MessagesData {
  messages: Message[];
  nudges: Nudge[];
}
