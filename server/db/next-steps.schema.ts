import type { Generated } from 'kysely';

/** next-steps.md §3 tables (migration 002). Booleans are 0/1, times ISO-8601 UTC text. */
export interface NsCategoriesTable {
  id: Generated<number>;
  slug: string;
  name: string;
}

export interface NsNamedTable {
  id: Generated<number>;
  name: string;
}

export interface NsTasksTable {
  id: Generated<number>;
  title: string;
  description: string;
  category_id: number;
  starts_on: string | null;
  ends_on: string | null;
  has_deadline: number;
  is_important: number;
  important_reason: string;
  new_student_checklist: number;
  checklist_rank: number | null;
  action_date: string | null;
  periodicity: string;
  sort_by: string;
  modality: string;
  published: number;
  /** Migration 010: bumped by every admin edit, so a stale edit is refused. */
  version: Generated<number>;
  /** Migration 010: a published task stays hidden from students until this time. */
  publishes_on: string | null;
  /** Migration 018: JSON list of days before the deadline to remind; `[]`: the campus default. */
  reminder_offsets: Generated<string>;
  /**
   * Migration 021: the day (`YYYY-MM-DD`) of a date-only end, whose `ends_on` is then the end of that
   * day on the campus clock (db/date-only-end.ts); null for a timed end.
   */
  ends_on_day: string | null;
  /** Migration 035: the inbound item (issue 60) this task is; only its recipients have it. */
  inbound_item_id: number | null;
  /** Migration 038: the staff's Spanish version (contract/translations.rules.ts); `{}` for none. */
  translations: Generated<string>;
}

export interface NsTaskStudentTypesTable {
  task_id: number;
  student_type_id: number;
}

export interface NsUserTasksTable {
  id: Generated<number>;
  user_id: number;
  task_id: number;
  starred: number;
  completed_on: string | null;
  does_not_apply_on: string | null;
  do_now_on: string | null;
  /** Migration 035: the publisher whose system completed it (the student cannot undo it). */
  completed_by: string | null;
  /**
   * Migration 048: why the student's record completed it (issue 74), JSON of the contract's
   * `completed_because`; null for a department's completion and the student's own.
   */
  completed_because: string | null;
}

export interface NsUserStudentTypesTable {
  user_id: number;
  student_type_id: number;
}

export interface NsUserPreferencesTable {
  id: Generated<number>;
  user_id: number;
  notifications: string;
  updated_by_user_on: string | null;
}

export interface NsMessagesTable {
  id: Generated<number>;
  title: string;
  body: string;
  created_on: string;
}

export interface NsUserMessagesTable {
  id: Generated<number>;
  user_id: number;
  message_id: number;
  user_acknowledged_on: string | null;
}

export interface NextStepsSchema {
  ns_categories: NsCategoriesTable;
  ns_student_types: NsNamedTable;
  ns_notification_types: NsNamedTable;
  ns_tasks: NsTasksTable;
  ns_task_student_types: NsTaskStudentTypesTable;
  ns_user_tasks: NsUserTasksTable;
  ns_user_student_types: NsUserStudentTypesTable;
  ns_user_preferences: NsUserPreferencesTable;
  ns_messages: NsMessagesTable;
  ns_user_messages: NsUserMessagesTable;
}
