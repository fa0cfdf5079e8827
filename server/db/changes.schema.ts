/** Migration 041 tables (issue 74): times ISO-8601 UTC text. */
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

export interface ChangesSchema {
  record_fingerprints: RecordFingerprintsTable;
  record_changes: RecordChangesTable;
}
