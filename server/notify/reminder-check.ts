import type { Outcome } from './outcome.js';
import { offsetsOf } from './planner.js';

/** What a reminder is checked against again when it comes due, whichever channel carries it. */
export interface ReminderRecord {
  /** 1 when the person's Next Steps list holds the task (task-visibility.ts). */
  inList: number;
  completedOn: string | null;
  dismissedOn: string | null;
  endsOn: string | null;
  /** The task's own reminder days (stored text), or empty for the campus default. */
  offsets: string;
}

/**
 * The one rule every reminder sender applies before sending: dropped, with its reason, when the
 * task is no longer in the person's Next Steps list, is done or dismissed, its deadline moved or passed, or the reminder's
 * day is no longer one of the task's days. Undefined: still called for.
 */
export function reminderNoLongerDue(
  row: ReminderRecord | undefined,
  planned: { deadline: string; offset: number },
  now: Date,
  defaultOffsets: readonly number[],
): Outcome | undefined {
  if (!row) return { state: 'dropped', reason: 'task not assigned' };
  if (Number(row.inList) !== 1) return { state: 'dropped', reason: 'task not in the list' };
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
