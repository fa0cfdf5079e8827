import type { Generated } from 'kysely';

/** Migration 012 tables: the reminder schedule and the outbox. Times are ISO-8601 UTC text. */
export interface NotifyJobsTable {
  id: Generated<number>;
  /** Unique: enqueueing the same reminder again adds nothing (`reminder:<userTask>:<offset>:<deadline>`). */
  idempotency_key: string;
  /** `email`, `sms` (a text message) or `push`. */
  channel: string;
  /** The topic a person can unsubscribe from (server/notify/topics.ts). */
  topic: string;
  user_id: number;
  /** JSON object text: what the sender needs (the user task, the offset, the deadline). */
  payload: Generated<string>;
  run_at: string;
  /** `pending`, `running` (leased), `sent`, `dropped` (no longer called for) or `failed` (gave up). */
  state: Generated<string>;
  attempts: Generated<number>;
  last_error: string | null;
  locked_by: string | null;
  /** A running job whose lease has passed is claimed again: its worker is gone. */
  locked_until: string | null;
  created_at: string;
  finished_at: string | null;
  /** Migration 018: the portal message a job announces ("also notify"), for the reach page. */
  message_id: number | null;
  /** Migration 020: 1 for urgent work (emergency alerts), claimed before routine work (0). */
  priority: Generated<number>;
  /** Migration 020: where the send goes (`push:<host:port>`, `email`, `sms`); null: by channel. */
  destination: string | null;
  /**
   * Migration 039: the job's kind (`reminder`, `digest`, `message`, `coursework`, `alert`;
   * server/notify/senders.ts); null for a job a previous release wrote, read from its key.
   */
  kind: string | null;
}

export interface NotifyOutboxTable {
  id: Generated<number>;
  job_id: number | null;
  recipient: string;
  subject: string;
  topic: string;
  /** JSON object text: the headers the message would carry (List-Unsubscribe, …). */
  headers: Generated<string>;
  text_body: string;
  html_body: string;
  created_at: string;
  /** Migration 017: `email`, or `sms` for a text message kept because no provider is configured. */
  channel: Generated<string>;
}

export interface NotifyKeysTable {
  name: string;
  value: string;
}

/** Migration 016: a device a person turned web push on for. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  /** The push service's address for this device (https); unique. */
  endpoint: string;
  /** The device's P-256 public key and auth secret (base64url), for RFC 8291 encryption. */
  p256dh: string;
  auth: string;
  created_at: string;
  last_success_at: string | null;
  /** Failed sends since the last success. */
  failures: Generated<number>;
}

export interface NotifySchema {
  notify_jobs: NotifyJobsTable;
  notify_outbox: NotifyOutboxTable;
  notify_keys: NotifyKeysTable;
  push_subscriptions: PushSubscriptionsTable;
}
