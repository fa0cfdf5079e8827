/**
 * One task of the list (next-steps.md §4 Task states): done / not done, dismissed / not,
 * bookmarked / not, do now. Each change is pending until the server answers; the local state
 * changes only after success, and a failure leaves it unchanged and is reported as an error.
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
  | { type: 'task.doNow' };

/** What a task tells the list it belongs to. */
export type TaskReport =
  { type: 'task.saved'; userTask: UserTask } | { type: 'task.failed'; message: string };

const nowIso = () => new Date().toISOString();
const save =
  (change: UserTaskPatch) =>
  ({ context }: { context: TaskContext }): SaveInput => ({
    id: context.userTask.id,
    change,
  });

/** Which field each save changes, by the id of the invoke that saved it. */
const fieldOf: Record<string, keyof UserTaskPatch> = {
  markDone: 'completed_on',
  markNotDone: 'completed_on',
  dismiss: 'does_not_apply_on',
  restore: 'does_not_apply_on',
  bookmark: 'starred',
  unbookmark: 'starred',
  doNow: 'do_now_on',
};

const messageOf = (error: unknown) =>
  `There was a problem with your request: ${error instanceof Error ? error.message : String(error)}`;

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
    /** Keeps only the field that was changed (and the server's overdue), so answers never cross. */
    applyAnswer: assign(({ context, event }) => {
      const done = event as unknown as { type: string; output: UserTask };
      const field = fieldOf[done.type.replace('xstate.done.actor.', '')];
      if (!field) return {};
      return {
        userTask: {
          ...context.userTask,
          [field]: done.output[field],
          overdue: done.output.overdue,
        },
      };
    }),
    reportSaved: sendParent(({ context }): TaskReport => ({
      type: 'task.saved',
      userTask: context.userTask,
    })),
    reportFailed: sendParent(({ event }): TaskReport => ({
      type: 'task.failed',
      message: messageOf((event as unknown as { error?: unknown }).error),
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
        notDone: { on: { 'task.markDone': 'markingDone' } },
        markingDone: {
          tags: ['pending'],
          invoke: {
            id: 'markDone',
            src: 'saveTask',
            input: ({ context }) => save({ completed_on: nowIso() })({ context }),
            onDone: {
              target: 'done',
              actions: ['applyAnswer', 'reportSaved'],
            },
            onError: {
              target: 'notDone',
              actions: 'reportFailed',
            },
          },
        },
        done: { tags: ['done'], on: { 'task.markNotDone': 'markingNotDone' } },
        markingNotDone: {
          tags: ['pending', 'done'],
          invoke: {
            id: 'markNotDone',
            src: 'saveTask',
            input: save({ completed_on: null }),
            onDone: {
              target: 'notDone',
              actions: ['applyAnswer', 'reportSaved'],
            },
            onError: {
              target: 'done',
              actions: 'reportFailed',
            },
          },
        },
      },
    },
    applicability: {
      initial: 'checking',
      states: {
        checking: {
          always: [{ guard: 'isDismissed', target: 'dismissed' }, { target: 'applies' }],
        },
        applies: { on: { 'task.dismiss': 'dismissing' } },
        dismissing: {
          tags: ['pending'],
          invoke: {
            id: 'dismiss',
            src: 'saveTask',
            input: ({ context }) => save({ does_not_apply_on: nowIso() })({ context }),
            onDone: {
              target: 'dismissed',
              actions: ['applyAnswer', 'reportSaved'],
            },
            onError: {
              target: 'applies',
              actions: 'reportFailed',
            },
          },
        },
        dismissed: { tags: ['dismissed'], on: { 'task.restore': 'restoring' } },
        restoring: {
          tags: ['pending', 'dismissed'],
          invoke: {
            id: 'restore',
            src: 'saveTask',
            input: save({ does_not_apply_on: null }),
            onDone: {
              target: 'applies',
              actions: ['applyAnswer', 'reportSaved'],
            },
            onError: {
              target: 'dismissed',
              actions: 'reportFailed',
            },
          },
        },
      },
    },
    bookmark: {
      initial: 'checking',
      states: {
        checking: {
          always: [{ guard: 'isBookmarked', target: 'bookmarked' }, { target: 'notBookmarked' }],
        },
        notBookmarked: { on: { 'task.bookmark': 'bookmarking' } },
        bookmarking: {
          tags: ['pending'],
          invoke: {
            id: 'bookmark',
            src: 'saveTask',
            input: save({ starred: true }),
            onDone: {
              target: 'bookmarked',
              actions: ['applyAnswer', 'reportSaved'],
            },
            onError: {
              target: 'notBookmarked',
              actions: 'reportFailed',
            },
          },
        },
        bookmarked: { tags: ['bookmarked'], on: { 'task.unbookmark': 'unbookmarking' } },
        unbookmarking: {
          tags: ['pending', 'bookmarked'],
          invoke: {
            id: 'unbookmark',
            src: 'saveTask',
            input: save({ starred: false }),
            onDone: {
              target: 'notBookmarked',
              actions: ['applyAnswer', 'reportSaved'],
            },
            onError: {
              target: 'bookmarked',
              actions: 'reportFailed',
            },
          },
        },
      },
    },
    doNow: {
      initial: 'checking',
      states: {
        checking: { always: [{ guard: 'hasDoNow', target: 'set' }, { target: 'unset' }] },
        // Clearing "do now" is not part of the product.
        unset: { on: { 'task.doNow': 'setting' } },
        setting: {
          tags: ['pending'],
          invoke: {
            id: 'doNow',
            src: 'saveTask',
            input: ({ context }) => save({ do_now_on: nowIso() })({ context }),
            onDone: {
              target: 'set',
              actions: ['applyAnswer', 'reportSaved'],
            },
            onError: {
              target: 'unset',
              actions: 'reportFailed',
            },
          },
        },
        set: { tags: ['doNow'] },
      },
    },
  },
});

type TaskSnapshot = { context: TaskContext; hasTag: (tag: string) => boolean };
export const selectUserTask = (s: TaskSnapshot) => s.context.userTask;
export const selectIsPending = (s: TaskSnapshot) => s.hasTag('pending');
