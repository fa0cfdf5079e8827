import type { Generated } from 'kysely';

/** Migration 012 tables: the reminder schedule and the outbox. Times are ISO-8601 UTC text. */
export interface NotifyJobsTable {
  id: Generated<number>;
  /** Unique: enqueueing the same reminder again adds nothing (`reminder:<userTask>:<offset>:<deadline>`). */
  idempotency_key: string;
  /** `email` (web push and text come later). */
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
}

export interface NotifyKeysTable {
  name: string;
  value: string;
}

export interface NotifySchema {
  notify_jobs: NotifyJobsTable;
  notify_outbox: NotifyOutboxTable;
  notify_keys: NotifyKeysTable;
}
