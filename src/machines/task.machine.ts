/**
 * One task of the list (next-steps.md §4 Task states): done / not done, dismissed / not,
 * bookmarked / not, do now. Each change is pending until the server answers; the local state
 * changes only after success, and a failure leaves it unchanged and is reported as an error. A
 * refetch hands the actor its fresh record: the task's other fields and every settled flag follow
 * it; a flag with a save in flight keeps its value and waits for the server's answer, which is
 * newer. So the record the actor holds is the one truth: every flag's state matches its field.
 */
import { assign, fromPromise, sendParent, setup } from 'xstate';
import type { UserTask, UserTaskPatch } from '../../contract/next-steps/task.schema.js';

export interface TaskContext {
  userTask: UserTask;
}

export interface SaveInput {
  id: number;
  change: UserTaskPatch;
}

export type TaskEvent =
  | { type: 'task.markDone' }
  | { type: 'task.markNotDone' }
  | { type: 'task.dismiss' }
  | { type: 'task.restore' }
  | { type: 'task.bookmark' }
  | { type: 'task.unbookmark' }
  | { type: 'task.doNow' }
  /** The list fetched the task again: the fresh record replaces this one. */
  | { type: 'task.refreshed'; userTask: UserTask };

/** What a task tells the list it belongs to. */
export type TaskReport =
  { type: 'task.saved'; userTask: UserTask } | { type: 'task.failed'; message: string };

const nowIso = () => new Date().toISOString();

const messageOf = (error: unknown) =>
  `There was a problem with your request: ${error instanceof Error ? error.message : String(error)}`;

/**
 * One pending change: `id` names the invoke (graph tests see `xstate.done.actor.<id>`); the answer
 * moves to `saved`, a failure back to `unchanged`. Only the changed field (and the server's overdue)
 * is taken from the answer, so answers to changes of other fields never cross.
 */
function saving(
  id: string,
  field: keyof UserTaskPatch,
  change: () => UserTaskPatch,
  to: { saved: string; unchanged: string },
  tags: string[],
) {
  return {
    tags,
    // The fresh record, except this flag: the answer to the save in flight is newer.
    on: { 'task.refreshed': { actions: { type: 'takeRecord' as const, params: { field: null } } } },
    invoke: {
      id,
      src: 'saveTask' as const,
      input: ({ context }: { context: TaskContext }): SaveInput => ({
        id: context.userTask.id,
        change: change(),
      }),
      onDone: {
        target: to.saved,
        actions: [
          {
            type: 'applyAnswer' as const,
            params: ({ event }: { event: { output: UserTask } }) => ({
              field,
              answer: event.output,
            }),
          },
          'reportSaved' as const,
        ],
      },
      onError: {
        target: to.unchanged,
        actions: {
          type: 'reportFailed' as const,
          params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
        },
      },
    },
  };
}

/** A settled region takes the fresh record, its own flag included, and finds its state again. */
const refreshed = (field: keyof UserTaskPatch) => ({
  'task.refreshed': {
    target: 'checking',
    actions: { type: 'takeRecord' as const, params: { field } },
  },
});

/** The fields each region owns; every other field of a fresh record is taken as it comes. */
const flags = ['completed_on', 'does_not_apply_on', 'starred', 'do_now_on'] as const;

export const taskMachine = setup({
  types: {
    context: {} as TaskContext,
    input: {} as { userTask: UserTask },
    events: {} as TaskEvent,
  },
  actors: {
    saveTask: fromPromise<UserTask, SaveInput>(async () => {
      throw new Error('saveTask is provided by the composition root');
    }),
  },
  actions: {
    // Each region runs this for the same event, one after another: the fresh record's own fields,
    // the flags as they stand (those of regions that ran before included), then this region's flag.
    takeRecord: assign(({ context, event }, params: { field: keyof UserTaskPatch | null }) => {
      if (event.type !== 'task.refreshed') return {};
      const userTask: UserTask = { ...event.userTask };
      for (const flag of flags) {
        if (flag !== params.field) Object.assign(userTask, { [flag]: context.userTask[flag] });
      }
      return { userTask };
    }),
    applyAnswer: assign(
      ({ context }, params: { field: keyof UserTaskPatch; answer: UserTask }) => ({
        userTask: {
          ...context.userTask,
          [params.field]: params.answer[params.field],
          overdue: params.answer.overdue,
        },
      }),
    ),
    reportSaved: sendParent(({ context }): TaskReport => ({
      type: 'task.saved',
      userTask: context.userTask,
    })),
    reportFailed: sendParent((_, params: { error: unknown }): TaskReport => ({
      type: 'task.failed',
      message: messageOf(params.error),
    })),
  },
  guards: {
    isDone: ({ context }) => context.userTask.completed_on !== null,
    isDismissed: ({ context }) => context.userTask.does_not_apply_on !== null,
    isBookmarked: ({ context }) => context.userTask.starred,
    hasDoNow: ({ context }) => context.userTask.do_now_on !== null,
  },
}).createMachine({
  id: 'task',
  context: ({ input }) => ({ userTask: input.userTask }),
  type: 'parallel',
  states: {
    completion: {
      initial: 'checking',
      states: {
        checking: { always: [{ guard: 'isDone', target: 'done' }, { target: 'notDone' }] },
        notDone: { on: { 'task.markDone': 'markingDone', ...refreshed('completed_on') } },
        markingDone: saving(
          'markDone',
          'completed_on',
          () => ({ completed_on: nowIso() }),
          { saved: 'done', unchanged: 'notDone' },
          ['pending'],
        ),
        done: {
          tags: ['done'],
          on: { 'task.markNotDone': 'markingNotDone', ...refreshed('completed_on') },
        },
        markingNotDone: saving(
          'markNotDone',
          'completed_on',
          () => ({ completed_on: null }),
          { saved: 'notDone', unchanged: 'done' },
          ['pending', 'done'],
        ),
      },
    },
    applicability: {
      initial: 'checking',
      states: {
        checking: {
          always: [{ guard: 'isDismissed', target: 'dismissed' }, { target: 'applies' }],
        },
        applies: { on: { 'task.dismiss': 'dismissing', ...refreshed('does_not_apply_on') } },
        dismissing: saving(
          'dismiss',
          'does_not_apply_on',
          () => ({ does_not_apply_on: nowIso() }),
          { saved: 'dismissed', unchanged: 'applies' },
          ['pending'],
        ),
        dismissed: {
          tags: ['dismissed'],
          on: { 'task.restore': 'restoring', ...refreshed('does_not_apply_on') },
        },
        restoring: saving(
          'restore',
          'does_not_apply_on',
          () => ({ does_not_apply_on: null }),
          { saved: 'applies', unchanged: 'dismissed' },
          ['pending', 'dismissed'],
        ),
      },
    },
    bookmark: {
      initial: 'checking',
      states: {
        checking: {
          always: [{ guard: 'isBookmarked', target: 'bookmarked' }, { target: 'notBookmarked' }],
        },
        notBookmarked: { on: { 'task.bookmark': 'bookmarking', ...refreshed('starred') } },
        bookmarking: saving(
          'bookmark',
          'starred',
          () => ({ starred: true }),
          { saved: 'bookmarked', unchanged: 'notBookmarked' },
          ['pending'],
        ),
        bookmarked: {
          tags: ['bookmarked'],
          on: { 'task.unbookmark': 'unbookmarking', ...refreshed('starred') },
        },
        unbookmarking: saving(
          'unbookmark',
          'starred',
          () => ({ starred: false }),
          { saved: 'notBookmarked', unchanged: 'bookmarked' },
          ['pending', 'bookmarked'],
        ),
      },
    },
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
          { saved: 'set', unchanged: 'unset' },
          ['pending'],
        ),
        set: { tags: ['doNow'], on: refreshed('do_now_on') },
      },
    },
  },
});

type TaskSnapshot = { context: TaskContext; hasTag: (tag: string) => boolean };
export const selectUserTask = (s: TaskSnapshot) => s.context.userTask;
export const selectIsPending = (s: TaskSnapshot) => s.hasTag('pending');
