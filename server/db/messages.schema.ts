import type { Generated } from 'kysely';

/** Migration 007 tables. Booleans are 0/1, times ISO-8601 UTC text. */
export interface MessagesTable {
  id: Generated<number>;
  /** `person` (username), `role` (role) or `everyone`. */
  audience: string;
  username: string | null;
  role: string | null;
  title: string;
  body: string;
  action_link: string | null;
  display_as_banner: Generated<number>;
  app_message: Generated<number>;
  category: Generated<string>;
  created_on: string;
  expires_on: string | null;
  seed_key: string | null;
  /** Migration 035: the inbound item (issue 60) this message is; its recipients see it. */
  inbound_item_id: number | null;
  /** Migration 038: the staff's Spanish version (contract/translations.rules.ts); `{}` for none. */
  translations: Generated<string>;
}

export interface MessageReadsTable {
  message_id: number;
  user_id: number;
  read_on: string;
}

export interface AlertReadsTable {
  user_id: number;
  alert_id: string;
  read_on: string;
}

export interface MessagesSchema {
  messages: MessagesTable;
  message_reads: MessageReadsTable;
  alert_reads: AlertReadsTable;
}
