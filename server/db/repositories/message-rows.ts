import type { Selectable } from 'kysely';
import { messageCategorySchema } from '../../../contract/messages.schema.js';
import type { Message, MessageCategory, MessageCursor } from '../../../contract/messages.schema.js';
import type { Role } from '../../../contract/roles.schema.js';
import type { MessagesTable } from '../messages.schema.js';

/**
 * Who a message goes to: one person (by username), everyone holding a role, or everyone. `demo`
 * messages go to whoever is in demo mode, and only while they are.
 */
export type Audience =
  | { audience: 'person'; username: string }
  | { audience: 'role'; role: Role }
  | { audience: 'everyone' }
  | { audience: 'demo' };

export type NewMessage = Audience & {
  title: string;
  body: string;
  created_on: Date;
  action_link?: string | null;
  display_as_banner?: boolean;
  app_message?: boolean;
  category?: MessageCategory;
  expires_on?: Date | null;
  /** Issue 59: the staff's Spanish version (contract/translations.rules.ts), JSON text. */
  translations?: string;
  /** Sample messages carry one, so seeding them again adds nothing. */
  seed_key?: string;
};

/**
 * The person whose messages are asked for: their id (read state), username and the roles they hold,
 * as the §6 rules derive them (messages/recipient.ts; the repository applies no rule itself).
 */
export interface Recipient {
  id: number;
  username: string;
  roles: readonly Role[];
}

/** Issue 87: a page's size, where it starts (none: the newest), how many banner messages to add. */
export interface MessagesPageAsk {
  limit: number;
  after?: MessageCursor;
  bannerLimit: number;
}

/** A message row as the messages repository reads it (messages.repository.ts), and the message it answers. */
export type Row = Selectable<MessagesTable> & {
  read_on: string | null;
  from_label: string | null;
  item_translations: string | null;
  reader_language: string | null;
};

/**
 * A message as stored, and for a publisher's message (issue 60) what its reader's language is drawn
 * from: the item's translations and the reader's chosen language (messages/links.ts applies them,
 * with the browser's language for a reader who never chose). `staff`: the staff's own message, whose
 * English answer stays as it was (no `lang`).
 */
export type StoredMessage = Message & {
  inbound?: { translations: string | null; readerLanguage: string | null; staff?: true };
};

export function toMessage(row: Row): StoredMessage {
  return {
    pk: row.id,
    title: row.title,
    body: row.body,
    read: row.read_on !== null,
    user_read_on: row.read_on,
    created_on: row.created_on,
    // As stored: messages/links.ts applies the link rule before storing and after reading.
    action_link: row.action_link,
    display_as_banner: row.display_as_banner === 1,
    is_nudge: false,
    app_message: row.app_message === 1,
    category: messageCategorySchema.catch('general').parse(row.category),
    expires_on: row.expires_on,
    ...(row.from_label === null ? {} : { from: row.from_label }),
    // A publisher's message (issue 60) for everyone, the staff's own for a reader who chose Spanish
    // or never chose (their browser's language decides, issue 59).
    ...(row.inbound_item_id !== null
      ? {
          inbound: { translations: row.item_translations, readerLanguage: row.reader_language },
        }
      : row.reader_language !== 'en'
        ? {
            inbound: {
              translations: row.translations,
              readerLanguage: row.reader_language,
              staff: true,
            },
          }
        : {}),
  };
}
