import type { Generated } from 'kysely';

/** Migration 041 and 044 tables (issue 74): times ISO-8601 UTC text. */
export interface RecordFingerprintsTable {
  user_id: number;
  /** Counts the fingerprint's changes: part of each raised change's key. */
  version: number;
  /** `changes/fingerprint.ts` as JSON text. */
  fingerprint: string;
  updated_at: string;
}

export interface RecordChangesTable {
  user_id: number;
  kind: string;
  subject: string;
  version: number;
  raised_at: string;
  /** The message that told the student (one summary message may tell of several). */
  message_id: number | null;
}

/** Migration 044: a rule turning a change into a Next Steps task (`/admin/change-rules`). */
export interface ChangeRulesTable {
  id: Generated<number>;
  /** The change kind that opens the task (`changes/kinds.ts`). */
  opens: string;
  /** The change kind that completes it; null: none does. */
  closes: string | null;
  /** A hold's code or a term; null: any. */
  code: string | null;
  title: string;
  body: string;
  link: string;
  /** A Next Steps category by name; null: the first one. */
  category: string | null;
  due_in_days: number;
  /** Migration 052: the task's Spanish as JSON text (`{ "es": { "title", "body" } }`); `{}`: none. */
  translations: Generated<string>;
  /**
   * Migration 054: a Next Steps task staff wrote (`ns_tasks.id`) the rule completes for the student
   * on its `closes` change (and opens again on its `opens` change), in place of one of its own.
   */
  task_id: number | null;
  /** Counts its edits: an edit or removal names the version it was read at. */
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ChangesSchema {
  change_rules: ChangeRulesTable;
  record_fingerprints: RecordFingerprintsTable;
  record_changes: RecordChangesTable;
}
