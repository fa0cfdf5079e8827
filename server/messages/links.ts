import { normaliseLink } from '../../contract/link.rules.js';
import { itemText } from '../../contract/translations.rules.js';
import { languageSchema } from '../../contract/language.schema.js';
import type { Message } from '../../contract/messages.schema.js';
import type { StoredMessage } from '../db/repositories/messages.repository.js';

/** A message's action link as stored: the link rule's normalised form, or none. */
export const storedLink = (link: string | null | undefined): string | null =>
  link ? normaliseLink(link) : null;

/**
 * A stored message as it is handed out: a link stored before the link rule (or by hand) that the
 * rule refuses is not handed out; a publisher's message in its reader's language (`lang` says which).
 */
export function handedOut(stored: StoredMessage): Message {
  const { inbound, ...message } = stored;
  // A publisher's message (issue 60): in the reader's chosen language where the publisher gave it.
  const text = inbound
    ? itemText(
        { title: message.title, body: message.body, translations: inbound.translations },
        languageSchema.nullable().catch(null).parse(inbound.readerLanguage),
      )
    : undefined;
  return {
    ...message,
    ...(text ? { title: text.title, body: text.body, lang: text.lang } : {}),
    action_link: message.action_link === null ? null : normaliseLink(message.action_link),
  };
}
