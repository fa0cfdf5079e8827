/** The taskList machine's context, events and the selectors the screens read. */
import type { SnapshotFrom } from 'xstate';
import type { UserTask } from '../../contract/next-steps/task.schema.js';
import { overdueTasks } from '../lib/task-list-rules.js';
import type { Toast } from '../lib/toasts.js';
import type { taskListMachine } from './task-list.machine.js';
import { taskRefOf, tasksOf, waitingIdsOf } from './task-roster.machine.js';

export type { TaskListContext } from './task-list-types.js';

type Snapshot = SnapshotFrom<typeof taskListMachine>;

/** The tasks, held by the roster child once the list is ready (task-roster.machine.ts). */
const roster = (s: Snapshot) => s.children.roster?.getSnapshot();
/** The actor of one task, the owner of its record, when the list holds it. */
export const selectTaskRef = (s: Snapshot, id: number) => taskRefOf(roster(s), id);
/** The task records, each read from the snapshot of the actor that owns it. */
export const selectTasks = (s: Snapshot): UserTask[] => tasksOf(roster(s));
/** The tasks with a change made offline waiting to be sent (issue 44). */
export const selectWaitingIds = (s: Snapshot): number[] => waitingIdsOf(roster(s));
/** The toasts, held by the list's error child. */
export const selectNotifications = (s: Snapshot): Toast[] =>
  s.children.errors?.getSnapshot().context.notifications ?? [];
/** The signed-in person, held by the list's user child (list-user.machine.ts). */
export const selectUser = (s: Snapshot) => s.children.user?.getSnapshot().context.user ?? null;
export const selectIsNewStudent = (s: Snapshot) => selectUser(s)?.is_new_student ?? false;
/** Issue 88: the share a delegate reads the student's list under; null for the person's own. */
export const selectShared = (s: Snapshot) => selectUser(s)?.shared ?? null;
/**
 * Preferences and Affiliations: a checklist's settings, the person's own (issue 43); a delegate
 * reads the list alone (issue 88).
 */
export const selectHasSettings = (s: Snapshot) =>
  (selectUser(s)?.has_checklist ?? true) && selectShared(s) === null;
/** The first user message is shown as the app message. */
export const selectMessage = (s: Snapshot) => selectUser(s)?.user_message[0] ?? null;
/** Whether the system message's acknowledgement is on its way (the user child). */
export const selectIsAcknowledging = (s: Snapshot) =>
  s.children.user?.getSnapshot().hasTag('acknowledging') ?? false;
export const selectFunCategoryId = (s: Snapshot) =>
  roster(s)?.context.categories.find((c) => c.slug === 'fun')?.id ?? null;
/** next-steps.md §4 Error state: the app counts as in error above 2 consecutive errors. */
export const selectIsInError = (s: Snapshot) =>
  s.children.errors?.getSnapshot().hasTag('inError') ?? false;
/** The overdue announcement: how many overdue tasks, while it is open; 0 when it is not shown. */
export const selectAnnouncedOverdue = (s: Snapshot) =>
  roster(s)?.context.announcementOpen ? overdueTasks(selectTasks(s)).length : 0;
/** The task the announcement's link opens: the first overdue one. */
export const selectFirstOverdueTaskId = (s: Snapshot) =>
  overdueTasks(selectTasks(s))[0]?.task.id ?? null;
