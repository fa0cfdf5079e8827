/**
 * One task of the list (next-steps.md §4 Task states), and the one place its record is read: done /
 * not done, dismissed / not, bookmarked / not, do now. The screens send intents (`task.toggleDone`,
 * `task.toggleBookmark`, `task.dismiss`, `task.doNow`); each goes to the child that owns its flag
 * (task-flag.machine.ts, invoked as `completion`, `applicability`, `bookmark`, `doNow`), which
 * decides from its value which change to ask for, saves it and keeps the flag as the server has it.
 * The record follows each child's value, and shows which changes are pending or waiting to be sent.
 * A refetch hands the task its fresh record: its other fields are taken at once, and each flag goes
 * to its child, which moves a settled flag and keeps one with a change on its way or waiting.
 */
import { assign, enqueueActions, sendParent, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { UserTask } from '../../contract/next-steps/task.schema.js';
import { flags } from './task.context.js';
import type { Change, Flag, TaskContext, TaskEvent, TaskReport } from './task.context.js';
import { taskFlagMachine } from './task-flag.machine.js';
import type { TaskFlagInput, TaskFlagReport } from './task-flag.machine.js';

export type { QueuedChange, TaskContext, TaskEvent, TaskReport } from './task.context.js';
export type { SaveInput } from './task-save.machine.js';

/** Each flag's child by id: its field, whether its change may wait to be sent, whether it clears. */
const children = {
  completion: ['completed_on', true, true],
  applicability: ['does_not_apply_on', false, true],
  bookmark: ['starred', true, true],
  doNow: ['do_now_on', false, false],
} as const;
type ChildId = keyof typeof children;
const childIds = Object.keys(children) as ChildId[];
const childOf = (field: Flag) => childIds.find((id) => children[id][0] === field) ?? 'completion';

type FlagSnapshot = SnapshotFrom<typeof taskFlagMachine>;
const changeOf = (s: FlagSnapshot): Change =>
  s.hasTag('pending') ? 'pending' : s.hasTag('queued') ? 'queued' : 'none';

/** A flag's child: started from the record's value; each of its changes shows on the record. */
function flagChild(id: ChildId) {
  const [field, canWait, clears] = children[id];
  return {
    id,
    src: 'taskFlag' as const,
    input: ({ context }: { context: TaskContext }): TaskFlagInput => ({
      id: context.userTask.id,
      field,
      value: context.userTask[field],
      canWait,
      clears,
    }),
    onSnapshot: {
      actions: {
        type: 'takeFlag' as const,
        params: ({ event }: { event: { snapshot: FlagSnapshot } }) => event.snapshot,
      },
    },
  };
}

const toggle = (to: ChildId) => ({ actions: { type: 'toggle' as const, params: { to } } });

export const taskMachine = setup({
  types: {
    context: {} as TaskContext,
    input: {} as { userTask: UserTask },
    events: {} as TaskEvent | TaskReport | TaskFlagReport,
  },
  actors: { taskFlag: taskFlagMachine },
  actions: {
    /** The intent goes to the flag it concerns. */
    toggle: enqueueActions(({ enqueue }, { to }: { to: ChildId }) => {
      enqueue.sendTo(to, { type: 'flag.toggle' });
    }),
    /** A flag's value and change, as its child shows them. */
    takeFlag: assign(({ context }, s: FlagSnapshot) => ({
      userTask: { ...context.userTask, [s.context.field]: s.context.value },
      changes: { ...context.changes, [s.context.field]: changeOf(s) },
    })),
    /** A fresh record's own fields; its flags go to their children. */
    takeRecord: assign(({ context, event }) => {
      if (event.type !== 'task.refreshed' && event.type !== 'task.replayed') return {};
      const userTask: UserTask = { ...event.userTask };
      for (const flag of flags) Object.assign(userTask, { [flag]: context.userTask[flag] });
      return { userTask };
    }),
    refreshFlags: enqueueActions(({ event, enqueue }) => {
      if (event.type !== 'task.refreshed') return;
      for (const id of childIds) {
        enqueue.sendTo(id, { type: 'flag.refreshed', value: event.userTask[children[id][0]] });
      }
    }),
    /** A kept change from an earlier visit (issue 44), or the server's record once it was sent. */
    passOn: enqueueActions(({ event, enqueue }) => {
      if (event.type === 'task.queue') {
        const { change } = event;
        const [field, value] =
          'starred' in change ? ['starred', change.starred] : ['completed_on', change.completed_on];
        enqueue.sendTo(childOf(field as Flag), { type: 'flag.queue', value });
      }
      if (event.type === 'task.replayed') {
        const value = event.userTask[event.field];
        enqueue.sendTo(childOf(event.field), { type: 'flag.replayed', value });
      }
    }),
    /** The answer to a save: the flag and the server's overdue. */
    takeAnswer: assign(({ context, event }) =>
      event.type === 'flag.saved' ? { userTask: { ...context.userTask, ...event.change } } : {},
    ),
    reportSaved: sendParent(({ context }): TaskReport => ({
      type: 'task.saved',
      id: context.userTask.id,
    })),
    /** A failed save, or a change to keep and send, goes to the list as the flag told it. */
    report: sendParent(({ event }) => event as TaskReport),
  },
  guards: {
    /** The server's record settles only a flag whose change waits to be sent. */
    isWaiting: ({ context, event }) =>
      event.type === 'task.replayed' && context.changes[event.field] === 'queued',
  },
}).createMachine({
  id: 'task',
  context: ({ input }) => ({
    userTask: input.userTask,
    changes: {
      completed_on: 'none',
      does_not_apply_on: 'none',
      starred: 'none',
      do_now_on: 'none',
    },
  }),
  invoke: childIds.map(flagChild),
  on: {
    'task.toggleDone': toggle('completion'),
    'task.dismiss': toggle('applicability'),
    'task.toggleBookmark': toggle('bookmark'),
    'task.doNow': toggle('doNow'),
    'task.refreshed': { actions: ['takeRecord', 'refreshFlags'] },
    'task.queue': { actions: 'passOn' },
    'task.replayed': { guard: 'isWaiting', actions: ['takeRecord', 'passOn'] },
    'flag.saved': { actions: ['takeAnswer', 'reportSaved'] },
    'task.failed': { actions: 'report' },
    'task.queued': { actions: 'report' },
  },
});

type TaskSnapshot = SnapshotFrom<typeof taskMachine>;
/** The task's record: the one copy the screens read. */
export const selectUserTask = (s: TaskSnapshot) => s.context.userTask;
export const selectIsPending = (s: TaskSnapshot) =>
  Object.values(s.context.changes).includes('pending');
/** A change made offline waits to be sent (issue 44); a task not there has none. */
export const selectIsWaiting = (s: TaskSnapshot | undefined) =>
  s !== undefined && Object.values(s.context.changes).includes('queued');
