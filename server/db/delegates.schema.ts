import type { Generated } from 'kysely';

/** Migration 043 tables (issue 73, access a student grants): times ISO-8601 UTC text. */
export interface DelegatesTable {
  id: Generated<number>;
  /** Lower-cased: the one address a delegate signs in with. */
  email: string;
  name: string;
  /** `en` or `es`: the language of the emails the delegate gets. */
  language: string;
  created_at: string;
}

export interface DelegationsTable {
  id: Generated<number>;
  student_id: number;
  delegate_id: number;
  /** The granted categories, comma-separated (contract/delegates.schema.ts). */
  categories: string;
  purpose: string;
  starts_at: string;
  ends_at: string;
  accepted_at: string | null;
  revoked_at: string | null;
  /** `student`, or the username of the staff member who revoked it. */
  revoked_by: string | null;
  /** When both sides were told the grant ended by its date. */
  expiry_told_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A signed consent record: written once, never updated or deleted. */
export interface DelegationConsentsTable {
  id: Generated<number>;
  delegation_id: number;
  /** `grant`, `change` or `revoke`. */
  change: string;
  student_username: string;
  student_name: string;
  delegate_name: string;
  delegate_email: string;
  categories: string;
  purpose: string;
  starts_at: string;
  ends_at: string;
  signed_by: string;
  signed_at: string;
}

export interface DelegateTokensTable {
  /** SHA-256 of the token, base64url: the token itself is only in the email. */
  token_hash: string;
  /** `invite` (7 days) or `sign-in` (15 minutes). */
  kind: string;
  delegate_id: number;
  delegation_id: number | null;
  expires_at: string;
  used_at: string | null;
}

export interface DelegateSessionsTable {
  id_hash: string;
  delegate_id: number;
  /** The student's grant the delegate chose to view. */
  delegation_id: number | null;
  created_at: string;
  expires_at: string;
}

export interface DelegateViewsTable {
  id: Generated<number>;
  delegation_id: number;
  category: string;
  viewed_at: string;
}

/** Migration 049: a delegate's passkey (WebAuthn credential), its id and public key base64url. */
export interface DelegatePasskeysTable {
  id: Generated<number>;
  delegate_id: number;
  credential_id: string;
  public_key: string;
  /** The authenticator's signature counter (a PostgreSQL bigint reads as a string). */
  counter: number | string;
  /** The transports the browser reported, comma-separated (`internal,hybrid`). */
  transports: string;
  /** `singleDevice` or `multiDevice` (a synced passkey). */
  device_type: string;
  /** 1 when the passkey is backed up (synced), else 0. */
  backed_up: number;
  created_at: string;
  last_used_at: string | null;
}

/** Migration 049: a passkey ceremony's challenge, kept server-side, used once. */
export interface DelegatePasskeyChallengesTable {
  /** The challenge, base64url, as the browser signs it. */
  challenge: string;
  /** `register` (bound to `delegate_id`) or `sign-in` (anyone's). */
  kind: string;
  delegate_id: number | null;
  expires_at: string;
  used_at: string | null;
}

export interface DelegatesSchema {
  delegates: DelegatesTable;
  delegations: DelegationsTable;
  delegation_consents: DelegationConsentsTable;
  delegate_tokens: DelegateTokensTable;
  delegate_sessions: DelegateSessionsTable;
  delegate_views: DelegateViewsTable;
  delegate_passkeys: DelegatePasskeysTable;
  delegate_passkey_challenges: DelegatePasskeyChallengesTable;
}
