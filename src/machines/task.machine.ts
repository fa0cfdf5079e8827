/**
 * One task of the list (next-steps.md §4 Task states), and the one owner of its record: done / not
 * done, dismissed / not, bookmarked / not, do now. The screens send intents (`task.toggleDone`,
 * `task.toggleBookmark`, `task.dismiss`, `task.doNow`); the actor decides from its own record which
 * change to ask for. Each change is pending until the server answers; the local state changes only
 * after success, and a failure leaves it unchanged and is reported as an error. A refetch hands the
 * actor its fresh record: the task's other fields and every settled flag follow it; a flag with a
 * save in flight keeps its value and waits for the server's answer, which is newer. So the record
 * the actor holds is the one truth: every flag's state matches its field.
 */
import { assign, sendParent, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { UserTask } from '../../contract/next-steps/task.schema.js';
import type { UserTaskPatch } from '../../contract/next-steps/task.schema.js';
import { turnsOn } from '../lib/offline-changes.js';
import { flags, nowIso, refreshed, saving, toggle } from './task.context.js';
import type { Flag, QueuedFlag, TaskContext, TaskEvent } from './task.context.js';
import type { TaskReport } from './task.context.js';
import { taskSaveMachine } from './task-save.machine.js';
import type { TaskSaveOutput } from './task-save.machine.js';

export type { QueuedChange, TaskContext } from './task.context.js';
export type { SaveInput } from './task-save.machine.js';
export type { TaskEvent, TaskReport } from './task.context.js';

/** The one field of a change kept offline, and its value (done at a time, or not; starred or not). */
function queuedOf(field: Flag, change: { completed_on?: string | null; starred?: boolean }) {
  if (field === 'completed_on') return { completed_on: change.completed_on ?? null };
  return { starred: change.starred ?? false };
}

export const taskMachine = setup({
  types: {
    context: {} as TaskContext,
    input: {} as { userTask: UserTask },
    events: {} as TaskEvent,
  },
  // Each save is its own child (task-save.machine.ts), invoked under the change's id.
  actors: { taskSave: taskSaveMachine },
  actions: {
    // Each region runs this for the same event, one after another: the fresh record's own fields,
    // the flags as they stand (those of regions that ran before included), then this region's flag.
    takeRecord: assign(({ context, event }, params: { field: Flag | null }) => {
      if (event.type !== 'task.refreshed' && event.type !== 'task.replayed') return {};
      const userTask: UserTask = { ...event.userTask };
      for (const flag of flags) {
        if (flag !== params.field) Object.assign(userTask, { [flag]: context.userTask[flag] });
      }
      return { userTask };
    }),
    /** A save's answer, or a change shown as made before the server has it (waiting to be sent). */
    applyChange: assign(({ context }, params: { change: Partial<UserTask> }) => ({
      userTask: { ...context.userTask, ...params.change },
    })),
    /** Tells the list of a change to keep and send once the portal can be reached (issue 44). */
    reportQueued: sendParent(
      ({ context }, params: { field: Flag; change: UserTaskPatch }): TaskReport => {
        const field: QueuedFlag = params.field === 'starred' ? 'starred' : 'completed_on';
        return {
          type: 'task.queued',
          id: context.userTask.id,
          field,
          change: queuedOf(field, params.change),
          base: queuedOf(field, context.userTask),
        };
      },
    ),
    reportSaved: sendParent(({ context }): TaskReport => ({
      type: 'task.saved',
      id: context.userTask.id,
    })),
    reportFailed: sendParent((_, output: TaskSaveOutput): TaskReport => ({
      type: 'task.failed',
      message: output.kind === 'failed' ? output.message : '',
    })),
  },
  guards: {
    isDone: ({ context }) => context.userTask.completed_on !== null,
    isDismissed: ({ context }) => context.userTask.does_not_apply_on !== null,
    isBookmarked: ({ context }) => context.userTask.starred,
    hasDoNow: ({ context }) => context.userTask.do_now_on !== null,
    /** How a save ended (task-save.machine.ts); any other end is a failure. */
    wasSaved: (_, output: TaskSaveOutput) => output.kind === 'saved',
    wasQueued: (_, output: TaskSaveOutput) => output.kind === 'queued',
    queuesOn: ({ event }, params: { field: Flag }) =>
      event.type === 'task.queue' && params.field in event.change && turnsOn(event.change),
    queuesOff: ({ event }, params: { field: Flag }) =>
      event.type === 'task.queue' && params.field in event.change && !turnsOn(event.change),
    replays: ({ event }, params: { field: Flag }) =>
      event.type === 'task.replayed' && event.field === params.field,
  },
}).createMachine({
  id: 'task',
  context: ({ input }) => ({ userTask: input.userTask }),
  type: 'parallel',
  states: {
    completion: toggle(
      'completed_on',
      'task.toggleDone',
      'isDone',
      ['notDone', 'markingDone', 'done', 'markingNotDone'],
      {
        on: () => ({ completed_on: nowIso() }),
        off: { completed_on: null },
        ids: ['markDone', 'markNotDone'],
        tag: 'done',
        waiting: ['notDoneWaiting', 'doneWaiting'],
      },
    ),
    applicability: toggle(
      'does_not_apply_on',
      'task.dismiss',
      'isDismissed',
      ['applies', 'dismissing', 'dismissed', 'restoring'],
      {
        on: () => ({ does_not_apply_on: nowIso() }),
        off: { does_not_apply_on: null },
        ids: ['dismiss', 'restore'],
        tag: 'dismissed',
      },
    ),
    bookmark: toggle(
      'starred',
      'task.toggleBookmark',
      'isBookmarked',
      ['notBookmarked', 'bookmarking', 'bookmarked', 'unbookmarking'],
      {
        on: () => ({ starred: true }),
        off: { starred: false },
        ids: ['bookmark', 'unbookmark'],
        tag: 'bookmarked',
        waiting: ['notBookmarkedWaiting', 'bookmarkedWaiting'],
      },
    ),
    doNow: {
      initial: 'checking',
      states: {
        checking: { always: [{ guard: 'hasDoNow', target: 'set' }, { target: 'unset' }] },
        // Clearing "do now" is not part of the product.
        unset: { on: { 'task.doNow': 'setting', ...refreshed('do_now_on') } },
        setting: saving(
          'doNow',
          'do_now_on',
          () => ({ do_now_on: nowIso() }),
          {
            saved: 'set',
            unchanged: 'unset',
          },
          ['pending'],
        ),
        set: { tags: ['doNow'], on: refreshed('do_now_on') },
      },
    },
  },
});

type TaskSnapshot = SnapshotFrom<typeof taskMachine>;
/** The task's record: the one copy the screens read. */
export const selectUserTask = (s: TaskSnapshot) => s.context.userTask;
export const selectIsPending = (s: TaskSnapshot) => s.hasTag('pending');
/** A change made offline waits to be sent (issue 44). */
export const selectIsWaiting = (s: TaskSnapshot) => s.hasTag('queued');
