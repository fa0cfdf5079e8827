import { normaliseLink } from '../../contract/link.rules.js';
import { readerText } from '../../contract/translations.rules.js';
import type { Language } from '../../contract/language.schema.js';
import type { Message } from '../../contract/messages.schema.js';
import type { StoredMessage } from '../db/repositories/messages.repository.js';

/** A message's action link as stored: the link rule's normalised form, or none. */
export const storedLink = (link: string | null | undefined): string | null =>
  link ? normaliseLink(link) : null;

/**
 * A stored message as it is handed out: a link stored before the link rule (or by hand) that the
 * rule refuses is not handed out; a publisher's message in its reader's language (`lang` says which),
 * and the staff's own to a Spanish reader. The reader's language is the one they chose, else
 * `browser`: their browser's (Accept-Language, issue 59).
 */
export function handedOut(stored: StoredMessage, browser: Language = 'en'): Message {
  const { inbound, ...message } = stored;
  const text = readerText({ title: message.title, body: message.body }, inbound, browser);
  return {
    ...message,
    ...(text ? { title: text.title, body: text.body, lang: text.lang } : {}),
    ...(text?.english ? { english: text.english } : {}),
    action_link: message.action_link === null ? null : normaliseLink(message.action_link),
  };
}
