import { normaliseLink } from '../../contract/link.rules.js';
import type { Message } from '../../contract/messages.schema.js';

/** A message's action link as stored: the link rule's normalised form, or none. */
export const storedLink = (link: string | null | undefined): string | null =>
  link ? normaliseLink(link) : null;

/**
 * A stored message as it is handed out: a link stored before the link rule (or by hand) that the
 * rule refuses is not handed out.
 */
export const handedOut = (message: Message): Message => ({
  ...message,
  action_link: message.action_link === null ? null : normaliseLink(message.action_link),
});
