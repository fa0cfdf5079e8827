/** The task machine's context, events and reports (task.machine.ts). */
import type { UserTask, UserTaskPatch } from '../../contract/next-steps/task.schema.js';
import type { QueuedChange, QueuedFlag } from '../lib/offline-changes.js';

export type { QueuedChange, QueuedFlag } from '../lib/offline-changes.js';

/** The fields each flag child owns; every other field of a fresh record is taken as it comes. */
export const flags = ['completed_on', 'does_not_apply_on', 'starred', 'do_now_on'] as const;
export type Flag = keyof UserTaskPatch;
export type FlagValue = UserTask[Flag];

/** Where a flag's change is: none under way, on its way to the server, or waiting to be sent. */
export type Change = 'none' | 'pending' | 'queued';

export interface TaskContext {
  userTask: UserTask;
  /** Each flag's change, as its child (task-flag.machine.ts) last showed it. */
  changes: Record<Flag, Change>;
}

/** The intents the screens send, and the list's fresh record. */
export type TaskEvent =
  | { type: 'task.toggleDone' }
  | { type: 'task.toggleBookmark' }
  /** Dismisses the task, or restores a dismissed one. */
  | { type: 'task.dismiss' }
  | { type: 'task.doNow' }
  /** The list fetched the task again: the fresh record replaces this one. */
  | { type: 'task.refreshed'; userTask: UserTask }
  /** A change kept from an earlier visit, still waiting to be sent (issue 44): shown as made. */
  | { type: 'task.queue'; change: QueuedChange['change'] }
  /** The server's record once a kept change was sent, or refused as changed elsewhere. */
  | { type: 'task.replayed'; field: QueuedFlag; userTask: UserTask };

/** What a task tells the list it belongs to: only whether a save went through. */
export type TaskReport =
  | { type: 'task.saved'; id: number }
  | { type: 'task.failed'; message: string }
  | ({ type: 'task.queued' } & QueuedChange);

export const nowIso = () => new Date().toISOString();
