// The Next Steps list machine's context, events and effects (task-list.machine.ts): apart from its
// selectors (task-list.context.ts), which read the machine's snapshot, so that neither imports the
// other in a circle.
import type { CourseworkEffects } from './coursework-items.machine.js';
import type { ListErrorsEvent } from './list-errors.machine.js';
import type { ListUserEvent, ListUserReport } from './list-user.machine.js';
import type { TaskRefreshEffects, TaskRefreshEvent } from './task-refresh.machine.js';
import type { TaskRefreshReport } from './task-refresh.machine.js';
import type { TaskRosterEffects, TaskRosterReport } from './task-roster.machine.js';

/** Where to come back to after signing in. */
export interface TaskListContext {
  returnTo: string;
}

export type TaskListEvent =
  | TaskRefreshEvent
  | { type: 'announcement.dismiss' }
  /** The browser is online again: changes kept offline are sent (issue 44). */
  | { type: 'connection.online' }
  | Extract<ListErrorsEvent, { type: 'toast.dismiss' | 'notify.trouble' }>
  | Extract<ListUserEvent, { type: 'message.acknowledge' }>
  | TaskRosterReport
  | TaskRefreshReport
  | ListUserReport;

/** The list's children's calls: the composition root's (src/next-steps.tsx), or fakes. */
export type TaskListEffects = TaskRefreshEffects &
  TaskRosterEffects & {
    acknowledgeMessage: (id: number) => Promise<unknown>;
    /** The student's coursework items and their Mark done (issue 45). */
    coursework?: CourseworkEffects;
  };
