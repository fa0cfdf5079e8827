/**
 * The task list's refetches and their 5-minute cache (next-steps.md §4 Caching), a child of
 * task-list.machine.ts started from the times of the list's first load. The list passes on each
 * `list.refresh` (a return to the tab, or Try again, which forces the tasks): a user fetched 5
 * minutes ago or longer is refetched, then the tasks; else tasks that old, or forced, are refetched;
 * else nothing is. While a refetch runs, another request is not taken. Each answer goes to the list,
 * which stores it: this machine keeps only when each was fetched.
 */
import { assign, sendParent, setup } from 'xstate';
import type { NextStepsUserResult } from '../api/next-steps/next-steps.js';
import { isStale } from '../lib/fetch-cache.js';
import { provided } from './provided.js';
import type { Fetched, TaskData } from './task-list.context.js';

/** When the user and the tasks were last fetched (ms; null: never). */
export interface TaskRefreshInput {
  userFetchedAt: number | null;
  tasksFetchedAt: number | null;
}

/** The list asks for fresh data at `at`; `force` refetches the tasks however recent. */
export type TaskRefreshEvent = { type: 'list.refresh'; at: number; force?: boolean };

/** What a refetch tells the list. */
export type TaskRefreshReport =
  | { type: 'refresh.userFetched'; output: Fetched<NextStepsUserResult> }
  | { type: 'refresh.tasksFetched'; output: Fetched<TaskData> }
  | { type: 'refresh.failed'; error: unknown };

/** Tells the list of a failed call (it counts and logs it). */
const failed = {
  type: 'reportFailure' as const,
  params: ({ event }: { event: { error: unknown } }) => event.error,
};

export const taskRefreshMachine = setup({
  types: {
    context: {} as TaskRefreshInput,
    input: {} as TaskRefreshInput,
    events: {} as TaskRefreshEvent,
  },
  actors: {
    fetchUser: provided<Fetched<NextStepsUserResult>>('fetchUser'),
    fetchTasks: provided<Fetched<TaskData>>('fetchTasks'),
  },
  actions: {
    /** The user and its time, kept only when the answer is the signed-in user (as the list does). */
    reportUser: sendParent((_, output: Fetched<NextStepsUserResult>): TaskRefreshReport => ({
      type: 'refresh.userFetched',
      output,
    })),
    keepUserTime: assign((_, output: Fetched<NextStepsUserResult>) =>
      output.value.kind === 'user' ? { userFetchedAt: output.at } : {},
    ),
    reportTasks: sendParent((_, output: Fetched<TaskData>): TaskRefreshReport => ({
      type: 'refresh.tasksFetched',
      output,
    })),
    keepTasksTime: assign((_, output: Fetched<TaskData>) => ({ tasksFetchedAt: output.at })),
    reportFailure: sendParent((_, error: unknown): TaskRefreshReport => ({
      type: 'refresh.failed',
      error,
    })),
  },
  guards: {
    hasStaleUser: ({ context, event }) => isStale(context.userFetchedAt, event.at),
    hasStaleTasks: ({ context, event }) =>
      event.force === true || isStale(context.tasksFetchedAt, event.at),
  },
}).createMachine({
  id: 'taskRefresh',
  context: ({ input }) => input,
  initial: 'idle',
  states: {
    idle: {
      on: {
        'list.refresh': [
          { guard: 'hasStaleUser', target: 'user' },
          { guard: 'hasStaleTasks', target: 'tasks' },
        ],
      },
    },
    user: {
      invoke: {
        id: 'refetchUser',
        src: 'fetchUser',
        onDone: {
          target: 'tasks',
          actions: [
            { type: 'reportUser', params: ({ event }) => event.output },
            { type: 'keepUserTime', params: ({ event }) => event.output },
          ],
        },
        onError: { target: 'idle', actions: failed },
      },
    },
    tasks: {
      tags: ['refreshing'],
      invoke: {
        id: 'refetchTasks',
        src: 'fetchTasks',
        onDone: {
          target: 'idle',
          actions: [
            { type: 'reportTasks', params: ({ event }) => event.output },
            { type: 'keepTasksTime', params: ({ event }) => event.output },
          ],
        },
        onError: { target: 'idle', actions: failed },
      },
    },
  },
});
