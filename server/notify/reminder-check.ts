import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';
import type { Outcome } from './worker.js';
import { offsetsOf } from './planner.js';

/**
 * The person's record of the task a reminder is about, with what `reminderNoLongerDue` checks, the
 * title and their Next Steps topics; a sender joins what its channel needs besides (the email
 * sender: the address and contact choices).
 */
export const reminderTaskQuery = (db: Kysely<DatabaseSchema>, userTaskId: number, userId: number) =>
  db
    .selectFrom('ns_user_tasks as ut')
    .innerJoin('ns_tasks as t', 't.id', 'ut.task_id')
    .leftJoin('ns_user_preferences as np', 'np.user_id', 'ut.user_id')
    .select([
      't.title',
      't.ends_on as endsOn',
      't.published',
      't.reminder_offsets as offsets',
      'ut.completed_on as completedOn',
      'ut.does_not_apply_on as dismissedOn',
      'np.notifications',
    ])
    .where('ut.id', '=', userTaskId)
    .where('ut.user_id', '=', userId);

/** What a reminder is checked against again when it comes due, whichever channel carries it. */
export interface ReminderRecord {
  published: number;
  completedOn: string | null;
  dismissedOn: string | null;
  endsOn: string | null;
  /** The task's own reminder days (stored text), or empty for the campus default. */
  offsets: string;
}

/**
 * The one rule every reminder sender applies before sending: dropped, with its reason, when the
 * task is no longer assigned, is done or dismissed, its deadline moved or passed, or the reminder's
 * day is no longer one of the task's days. Undefined: still called for.
 */
export function reminderNoLongerDue(
  row: ReminderRecord | undefined,
  planned: { deadline: string; offset: number },
  now: Date,
  defaultOffsets: readonly number[],
): Outcome | undefined {
  if (!row || row.published !== 1) return { state: 'dropped', reason: 'task not assigned' };
  if (row.completedOn) return { state: 'dropped', reason: 'task done' };
  if (row.dismissedOn) return { state: 'dropped', reason: 'task dismissed' };
  if (!row.endsOn || new Date(row.endsOn).toISOString() !== planned.deadline) {
    return { state: 'dropped', reason: 'deadline moved' };
  }
  if (new Date(planned.deadline) <= now) return { state: 'dropped', reason: 'deadline passed' };
  if (!offsetsOf(row.offsets, defaultOffsets).includes(planned.offset)) {
    return { state: 'dropped', reason: 'reminder days changed' };
  }
  return undefined;
}
