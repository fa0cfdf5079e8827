import type { Generated } from 'kysely';
import type { ChangesSchema } from './changes.schema.js';
import type { DelegatesSchema } from './delegates.schema.js';
import type { MessagesSchema } from './messages.schema.js';
import type { ContentSchema } from './content.schema.js';
import type { NextStepsSchema } from './next-steps.schema.js';
import type { NotifySchema } from './notify.schema.js';
import type { InboundSchema } from './inbound.schema.js';
import type { PaymentsSchema } from './payments.schema.js';
import type { ViewAsSchema } from './view-as.schema.js';

/** Booleans are stored as 0/1 and times as ISO-8601 UTC text, the same on SQLite and PostgreSQL. */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  persona: string | null;
  first_name: string;
  last_name: string;
  email: string;
  nine_number: string;
  primary_role: string;
  other_roles: string;
  is_staff: number;
  is_superuser: number;
  can_use_demo: number;
  /** Issue 73 (migration 042): the Support right. */
  can_support: Generated<number>;
  financial_dashboard_access: number;
  has_provisional_account: number;
  role_acknowledged_on: string | null;
  is_new_student: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id_hash: string;
  token_hash: string;
  user_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  /** 1: signed in as on a shared computer, nothing kept offline (migration 033). */
  shared_computer: Generated<number>;
  /** The sign-in's access token for an SIS read as the student, sealed (migration 058); else null. */
  sis_token: Generated<string | null>;
}

export interface PreferencesTable {
  id: Generated<number>;
  user_id: number;
  use_profile_photo: number;
  contact_by_email: number;
  contact_by_text: number;
  sms_number: string | null;
  /** `system`, `light` or `dark` (migration 014-theme). */
  theme: Generated<string>;
  /** `en`, `es` or null when the person never chose: their browser's (migration 036-language). */
  language: Generated<string | null>;
  /** The browser's language at the last sign-in (migration 046): what is sent, until one is chosen. */
  signed_in_language: Generated<string | null>;
  /** Migration 017: quiet hours on the campus clock (`HH:MM`) and the daily-digest choice. */
  quiet_hours_start: Generated<string>;
  quiet_hours_end: Generated<string>;
  daily_digest: Generated<number>;
  /** JSON text of the dashboard layout, null for the role's default (migration 015). */
  dashboard_layout: string | null;
}

/** A person's dashboard layout in demo mode, apart from their own (migration 015). */
export interface DemoDashboardLayoutsTable {
  user_id: number;
  layout: string | null;
}

/** A dashboard block staff made mandatory (migration 015). */
export interface DashboardMandatoryBlocksTable {
  block: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  user_id: number | null;
  username: string | null;
  action: string;
  /** JSON object text. */
  detail: string;
  address: string | null;
  /** What kind of object an admin change touched (`task`, `category`, …; migration 010). */
  kind: string | null;
  object_id: string | null;
  /** JSON object text: `{field: {before, after}}` of the fields an admin change altered. */
  changes: Generated<string>;
}

/** One personal calendar address per person (migration 008). */
export interface CalendarTokensTable {
  user_id: number;
  token_hash: string;
  token_sealed: string;
  created_at: string;
}

/** An initiation-of-attendance warning a user marked read (migration 006). */
export interface AttendanceReadsTable {
  user_id: number;
  term: string;
  crn: string;
  read_on: string;
}

/** A right a superuser granted to a username (migration 004). */
export interface GrantsTable {
  id: Generated<number>;
  username: string;
  /** `staff`, `superuser` or `demo`. */
  right: string;
  granted_by: string | null;
  granted_at: string;
  /** A Support grant's office, told to the students viewed (migration 051); else null. */
  office: string | null;
}

/**
 * A SAML message used once (migration 032). No longer written: these live in `used_once` under the
 * purpose `saml` (migration 037); kept for a process of the previous release during a rolling upgrade.
 */
export interface SamlUsedTable {
  key: string;
  expires_at: string;
}

/** A student's own LMS calendar feed (migration 027); the address only sealed. */
export interface CourseworkFeedsTable {
  user_id: number;
  address_sealed: string;
  masked: string;
  /** `canvas`, `moodle` or `other`. */
  source: string;
  /** `current`, `stale` or `broken`. */
  status: string;
  etag: string | null;
  last_modified: string | null;
  read_at: string | null;
  failures: number;
  /** Null: not read on a schedule (broken, until a new address). */
  next_read_at: string | null;
  created_at: string;
  /** `calendar` (a feed address) or `canvas` (an OAuth connection; migration 031). */
  kind: Generated<string>;
  /** When the student last asked for a reading now (migration 033): the refresh's cooldown. */
  refreshed_at: Generated<string | null>;
  /** A Canvas connection's sealed tokens; null for a calendar feed. */
  tokens_sealed: string | null;
}

/** A coursework item read from a student's feed (migration 027). */
export interface CourseworkItemsTable {
  user_id: number;
  id: string;
  title: string;
  course: string | null;
  due: string;
  /** 1 or 0. */
  all_day: number;
  link: string | null;
  source: string;
  /** A Canvas item's submission state (`graded`, `submitted`, `missing`, `excused`), else null. */
  submission: string | null;
  /** A Canvas item's planner override, once there is one. */
  override_id: number | null;
}

/** A coursework item marked done in the portal, by its key in the feed (migration 028). */
export interface CourseworkDoneTable {
  user_id: number;
  item_key: string;
  done_at: string;
}

/** A one-time value as it was used (migration 033), until it could not be accepted anyway. */
export interface UsedOnceTable {
  purpose: string;
  value_hash: string;
  expires_at: string;
}

/** Ethos change notifications: the polling lease and the last change handled (migration 034). */
export interface EthosConsumeTable {
  queue: string;
  holder: string | null;
  lease_until: string | null;
  last_id: string | null;
  updated_at: string;
}

/** What a change notification named, not yet handled (migration 050). */
export interface EthosPendingTable {
  kind: 'person' | 'section';
  subject: string;
  named_at: string;
  attempts: Generated<number>;
}

export interface DatabaseSchema
  extends
    NextStepsSchema,
    MessagesSchema,
    ContentSchema,
    NotifySchema,
    InboundSchema,
    ChangesSchema,
    DelegatesSchema,
    PaymentsSchema,
    ViewAsSchema {
  users: UsersTable;
  sessions: SessionsTable;
  preferences: PreferencesTable;
  audit_log: AuditLogTable;
  attendance_reads: AttendanceReadsTable;
  grants: GrantsTable;
  calendar_tokens: CalendarTokensTable;
  saml_used: SamlUsedTable;
  coursework_feeds: CourseworkFeedsTable;
  used_once: UsedOnceTable;
  coursework_items: CourseworkItemsTable;
  coursework_done: CourseworkDoneTable;
  demo_dashboard_layouts: DemoDashboardLayoutsTable;
  dashboard_mandatory_blocks: DashboardMandatoryBlocksTable;
  ethos_consume: EthosConsumeTable;
  ethos_pending: EthosPendingTable;
}
