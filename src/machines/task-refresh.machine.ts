/**
 * The task list's fetches (next-steps.md §3 App state, §4 Caching), a child of task-list.machine.ts
 * invoked as `refresh` for as long as the list runs. First it loads: the user; for a signed-in user,
 * then the tasks and their categories. Each answer goes to the list, which stores it and moves by it:
 * the user (`load.user`), the tasks (`load.tasks`: the list is ready), a provisional account
 * (`load.provisional`), someone signed out (`load.signedOut`) or a failure (`load.failed`, until the
 * list passes Try again, `list.retry`). Then the 5-minute cache: the list passes on each
 * `list.refresh` (a return to the tab, or Try again, which forces the tasks): a user fetched 5
 * minutes ago or longer is refetched, then the tasks; else tasks that old, or forced, are refetched;
 * else nothing is. While a refetch runs, another request is not taken. Each answer goes to the list
 * (`refresh.userFetched`, `refresh.tasksFetched`, `refresh.failed`), which stores it: this machine
 * keeps only when each was fetched.
 */
import { assign, fromPromise, sendParent, setup } from 'xstate';
import type { NextStepsUserResult } from '../api/next-steps/next-steps.js';
import { isStale } from '../lib/fetch-cache.js';
import { provided } from './provided.js';
import type { Fetched, TaskData } from './task-list.context.js';

/** When the user and the tasks were last fetched (ms; null: never). */
interface TaskRefreshContext {
  userFetchedAt: number | null;
  tasksFetchedAt: number | null;
}

/** The two calls: the composition root's (src/next-steps.tsx), or fakes. */
export interface TaskRefreshEffects {
  fetchUser: () => Promise<Fetched<NextStepsUserResult>>;
  fetchTasks: () => Promise<Fetched<TaskData>>;
}

/** The list asks for fresh data at `at`; `force` refetches the tasks however recent. */
export type TaskRefreshEvent =
  { type: 'list.refresh'; at: number; force?: boolean } | { type: 'list.retry' };

/** What the first load tells the list. */
export type TaskLoadReport =
  | { type: 'load.user'; output: Fetched<NextStepsUserResult> }
  | { type: 'load.tasks'; output: Fetched<TaskData> }
  | { type: 'load.provisional' }
  | { type: 'load.signedOut' }
  | { type: 'load.failed'; error: unknown };

/** What a refetch tells the list. */
export type TaskRefreshReport =
  | { type: 'refresh.userFetched'; output: Fetched<NextStepsUserResult> }
  | { type: 'refresh.tasksFetched'; output: Fetched<TaskData> }
  | { type: 'refresh.failed'; error: unknown };

/** Tells the list of a failed call (it counts and logs it). */
const failed = (type: 'load.failed' | 'refresh.failed') => ({
  type: 'reportFailure' as const,
  params: ({ event }: { event: { error: unknown } }) => ({ type, error: event.error }),
});
const user = ({ event }: { event: { output: Fetched<NextStepsUserResult> } }) => event.output;
const tasks = ({ event }: { event: { output: Fetched<TaskData> } }) => event.output;

export const taskRefreshMachine = setup({
  types: { context: {} as TaskRefreshContext, events: {} as TaskRefreshEvent },
  actors: {
    fetchUser: provided<Fetched<NextStepsUserResult>>('fetchUser'),
    fetchTasks: provided<Fetched<TaskData>>('fetchTasks'),
  },
  actions: {
    /** The user or the tasks, told the list as the first load's or a refetch's. */
    report: sendParent(
      (_, report: TaskLoadReport | TaskRefreshReport): TaskLoadReport | TaskRefreshReport => report,
    ),
    /** The user's time, kept only when the answer is the signed-in user (as the list does). */
    keepUserTime: assign((_, output: Fetched<NextStepsUserResult>) =>
      output.value.kind === 'user' ? { userFetchedAt: output.at } : {},
    ),
    keepTasksTime: assign((_, output: Fetched<TaskData>) => ({ tasksFetchedAt: output.at })),
    reportProvisional: sendParent((): TaskLoadReport => ({ type: 'load.provisional' })),
    reportSignedOut: sendParent((): TaskLoadReport => ({ type: 'load.signedOut' })),
    reportFailure: sendParent((_, report: TaskLoadReport | TaskRefreshReport) => report),
  },
  guards: {
    isSignedIn: (_, output: Fetched<NextStepsUserResult>) => output.value.kind === 'user',
    isProvisional: (_, output: Fetched<NextStepsUserResult>) => output.value.kind === 'provisional',
    hasStaleUser: ({ context, event }) =>
      event.type === 'list.refresh' && isStale(context.userFetchedAt, event.at),
    hasStaleTasks: ({ context, event }) =>
      event.type === 'list.refresh' &&
      (event.force === true || isStale(context.tasksFetchedAt, event.at)),
  },
}).createMachine({
  id: 'taskRefresh',
  context: { userFetchedAt: null, tasksFetchedAt: null },
  initial: 'loadingUser',
  states: {
    loadingUser: {
      invoke: {
        id: 'fetchUser',
        src: 'fetchUser',
        onDone: [
          {
            guard: { type: 'isSignedIn', params: user },
            target: 'loadingTasks',
            actions: [
              {
                type: 'report',
                params: ({ event }) => ({ type: 'load.user', output: event.output }),
              },
              { type: 'keepUserTime', params: user },
            ],
          },
          {
            guard: { type: 'isProvisional', params: user },
            target: 'stopped',
            actions: 'reportProvisional',
          },
          { target: 'stopped', actions: 'reportSignedOut' },
        ],
        onError: { target: 'failed', actions: failed('load.failed') },
      },
    },
    loadingTasks: {
      invoke: {
        id: 'fetchTasks',
        src: 'fetchTasks',
        onDone: {
          target: 'idle',
          actions: [
            {
              type: 'report',
              params: ({ event }) => ({ type: 'load.tasks', output: event.output }),
            },
            { type: 'keepTasksTime', params: tasks },
          ],
        },
        onError: { target: 'failed', actions: failed('load.failed') },
      },
    },
    /** The first load failed: until the list passes Try again. */
    failed: { on: { 'list.retry': 'loadingUser' } },
    /** Nobody signed in, or a provisional account: nothing to fetch. */
    stopped: { type: 'final' },
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
            {
              type: 'report',
              params: ({ event }) => ({ type: 'refresh.userFetched', output: event.output }),
            },
            { type: 'keepUserTime', params: user },
          ],
        },
        onError: { target: 'idle', actions: failed('refresh.failed') },
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
            {
              type: 'report',
              params: ({ event }) => ({ type: 'refresh.tasksFetched', output: event.output }),
            },
            { type: 'keepTasksTime', params: tasks },
          ],
        },
        onError: { target: 'idle', actions: failed('refresh.failed') },
      },
    },
  },
});

/** The fetches with their calls. */
export const taskRefreshWith = (effects: TaskRefreshEffects) =>
  taskRefreshMachine.provide({
    actors: {
      fetchUser: fromPromise(() => effects.fetchUser()),
      fetchTasks: fromPromise(() => effects.fetchTasks()),
    },
  });
