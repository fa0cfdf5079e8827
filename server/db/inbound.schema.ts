import type { Generated } from 'kysely';

/** Migration 035 tables (issue 60). JSON lists and objects as text, times ISO-8601 UTC text. */
export interface InboundPublishersTable {
  id: Generated<number>;
  /** Lower-case letters, digits and hyphens: the readable part of its keys (`cpk_<name>_…`). */
  name: string;
  /** How students see it: "From <label>", "Completed in <label>". */
  label: string;
  /** JSON list of scopes (`messages:write`, …). */
  scopes: string;
  /** JSON list of the roles it may name. */
  roles: string;
  /** JSON list of the groups (Next Steps student types) it may name. */
  groups: string;
  max_recipients: number;
  created_at: string;
}

export interface InboundKeysTable {
  /** `k_` and 12 hex digits: shown to staff and in the audit, never a secret. */
  id: string;
  publisher_id: number;
  /** SHA-256 of the whole key, hex. */
  hash: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface InboundItemsTable {
  id: Generated<number>;
  publisher_id: number;
  source_id: string;
  /** `message`, `alert` or `task`. */
  kind: string;
  title: string;
  body: string;
  action_link: string | null;
  /** JSON object: `{es?: {title, body}}`. */
  translations: Generated<string>;
  /** JSON list of `email`, `sms`, `push`. */
  channels: Generated<string>;
  /** JSON object: `{users, roles, groups}` as posted. */
  audience: string;
  publish_at: string | null;
  expires_on: string | null;
  due_on: string | null;
  category: string | null;
  severity: string | null;
  recipients: Generated<number>;
  /** Migration 040: the `Idempotency-Key` of the call that last wrote the item, if it had one. */
  idempotency_key: string | null;
  /**
   * Migration 057: a campaign's office, lower case without spaces: an appointment with it completes
   * the task (issue 92). Null for any other item.
   */
  campaign_office: string | null;
  created_at: string;
  updated_at: string;
  retracted_at: string | null;
}

export interface InboundRecipientsTable {
  item_id: number;
  user_id: number;
  completed_at: string | null;
}

export interface InboundIdempotencyTable {
  publisher_id: number;
  key: string;
  body_hash: string;
  /** `pending` (in flight) or `done`. */
  state: string;
  status: number | null;
  /** The JSON answer of the first call. */
  answer: string | null;
  created_at: string;
  expires_at: string;
  /** Migration 040: who holds a `pending` mark (a process's id and the call's), and until when. */
  owner: string | null;
  lease_until: string | null;
}

export interface InboundAuditTable {
  id: Generated<number>;
  at: string;
  publisher_id: number | null;
  key_id: string | null;
  method: string;
  source_id: string | null;
  audience_size: number | null;
  status: number;
  detail: Generated<string>;
}

/** Migration 055 (issue 92): an appointment a booking system posted, for one person. */
export interface AppointmentsTable {
  id: Generated<number>;
  publisher_id: number;
  /** The booking system's id: the same id again updates the row. */
  external_id: string;
  user_id: number;
  with_name: string;
  with_office: string | null;
  starts_at: string;
  ends_at: string;
  place: string | null;
  /** An https address. */
  online_link: string | null;
  /** 0 or 1. */
  cancelled: Generated<number>;
  /** The `Idempotency-Key` of the call that last wrote it, if it had one. */
  idempotency_key: string | null;
  created_at: string;
  updated_at: string;
  /** When it got its current start (migration 056): posted, or moved. */
  timed_at: string | null;
}

export interface InboundSchema {
  inbound_publishers: InboundPublishersTable;
  inbound_keys: InboundKeysTable;
  inbound_items: InboundItemsTable;
  inbound_recipients: InboundRecipientsTable;
  inbound_idempotency: InboundIdempotencyTable;
  inbound_audit: InboundAuditTable;
  appointments: AppointmentsTable;
}
