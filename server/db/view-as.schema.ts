import type { Generated } from 'kysely';

/** Migration 042 table (issue 73): times ISO-8601 UTC text. */
export interface ViewAsSessionsTable {
  id: Generated<number>;
  actor_id: number;
  actor_username: string;
  /** The staff member's name when the view started (the student may be shown it). */
  actor_name: string;
  subject_id: number;
  /** The id hash of the staff member's portal session the view runs in. */
  session_hash: string;
  reason: string;
  ticket: string | null;
  started_at: string;
  /** `started_at` plus VIEW_AS_MINUTES: the view ends then at the latest. */
  ends_at: string;
  ended_at: string | null;
  /** `end` (the End button), `sign-out`, `expiry`, `revoked` (the Support right). */
  ended_by: string | null;
  /** The office the student is told looked: the viewer's Support grant's (migration 051), or null. */
  office: string | null;
}

export interface ViewAsSchema {
  view_as_sessions: ViewAsSessionsTable;
}
