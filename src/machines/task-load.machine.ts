/**
 * The Next Steps list's first load (next-steps.md §3 App state), a child of task-list.machine.ts
 * invoked as `load` while the list is loading (Try again invokes it anew). It fetches the user; for
 * a signed-in user, then the tasks and their categories. Each answer goes to the list, which stores
 * it: the user (`load.user`), the tasks (`load.tasks`, the list is ready), a provisional account
 * (`load.provisional`), someone signed out (`load.signedOut`: the list sends them to sign in) or a
 * failed call (`load.failed`, counted and logged by the list's errors). Then this machine is done.
 */
import { sendParent, setup } from 'xstate';
import type { NextStepsUserResult } from '../api/next-steps/next-steps.js';
import { provided } from './provided.js';
import type { Fetched, TaskData } from './task-list.context.js';

/** What the first load tells the list. */
export type TaskLoadReport =
  | { type: 'load.user'; output: Fetched<NextStepsUserResult> }
  | { type: 'load.tasks'; output: Fetched<TaskData> }
  | { type: 'load.provisional' }
  | { type: 'load.signedOut' }
  | { type: 'load.failed'; error: unknown };

const report = (type: 'load.provisional' | 'load.signedOut') =>
  sendParent((): TaskLoadReport => ({ type }));

/** Tells the list of a failed call (it counts and logs it). */
const failed = {
  target: 'done' as const,
  actions: {
    type: 'reportFailure' as const,
    params: ({ event }: { event: { error: unknown } }) => event.error,
  },
};

export const taskLoadMachine = setup({
  actors: {
    fetchUser: provided<Fetched<NextStepsUserResult>>('fetchUser'),
    fetchTasks: provided<Fetched<TaskData>>('fetchTasks'),
  },
  actions: {
    reportUser: sendParent((_, output: Fetched<NextStepsUserResult>): TaskLoadReport => ({
      type: 'load.user',
      output,
    })),
    reportTasks: sendParent((_, output: Fetched<TaskData>): TaskLoadReport => ({
      type: 'load.tasks',
      output,
    })),
    reportProvisional: report('load.provisional'),
    reportSignedOut: report('load.signedOut'),
    reportFailure: sendParent((_, error: unknown): TaskLoadReport => ({
      type: 'load.failed',
      error,
    })),
  },
  guards: {
    isSignedIn: (_, output: Fetched<NextStepsUserResult>) => output.value.kind === 'user',
    isProvisional: (_, output: Fetched<NextStepsUserResult>) => output.value.kind === 'provisional',
  },
}).createMachine({
  id: 'taskLoad',
  initial: 'user',
  states: {
    user: {
      invoke: {
        id: 'fetchUser',
        src: 'fetchUser',
        onDone: [
          {
            guard: { type: 'isSignedIn', params: ({ event }) => event.output },
            target: 'tasks',
            actions: { type: 'reportUser', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'isProvisional', params: ({ event }) => event.output },
            target: 'done',
            actions: 'reportProvisional',
          },
          { target: 'done', actions: 'reportSignedOut' },
        ],
        onError: failed,
      },
    },
    tasks: {
      invoke: {
        id: 'fetchTasks',
        src: 'fetchTasks',
        onDone: {
          target: 'done',
          actions: { type: 'reportTasks', params: ({ event }) => event.output },
        },
        onError: failed,
      },
    },
    done: { type: 'final' },
  },
});
