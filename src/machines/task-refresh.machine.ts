/**
 * The task list's fetches (next-steps.md §3 App state, §4 Caching), a child of task-list.machine.ts
 * invoked as `refresh` for as long as the list runs. First it loads: the user; for a signed-in user,
 * then the tasks and their categories. Each answer goes to the list, which passes it on or moves by
 * it: the signed-in user (`user.fetched`), the tasks and their categories (`tasks.fetched`: the list
 * is ready), both here and on each refetch, a provisional account
 * (`load.provisional`), someone signed out (`load.signedOut`) or a failure (`load.failed`, until the
 * list passes Try again, `list.retry`). Then the 5-minute cache: the list passes on each
 * `list.refresh` (a return to the tab, or Try again, which forces the tasks): a user fetched 5
 * minutes ago or longer is refetched, then the tasks; else tasks that old, or forced, are refetched;
 * else nothing is. While a refetch runs, another request is not taken. Each answer goes to the list
 * (`user.fetched`, `tasks.fetched`, `refresh.failed`), which passes it on: this machine
 * keeps only when each was fetched.
 */
import { assign, fromPromise, sendParent, setup } from 'xstate';
import type { NextStepsUserResult } from '../api/next-steps/next-steps.js';
import { isStale } from '../lib/fetch-cache.js';
import { provided } from './provided.js';
import type { Fetched, TaskData } from './task-data.js';

/** When the user and the tasks were last fetched (ms; null: never), and whose the tasks are. */
interface TaskRefreshContext {
  owner: string;
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

/** The signed-in user, and the tasks with their categories: each fetch's, the first load's too. */
export type FetchedReport =
  | { type: 'user.fetched'; answer: NextStepsUserResult }
  | { type: 'tasks.fetched'; data: TaskData; owner: string };

/** What the fetches tell the list: the answers; how the first load ended; a failure. */
export type TaskRefreshReport =
  | FetchedReport
  | { type: 'load.provisional' }
  | { type: 'load.signedOut' }
  | { type: 'load.failed' | 'refresh.failed'; error: unknown };

/** Tells the list of a failed call (it counts and logs it). */
const failed = (type: 'load.failed' | 'refresh.failed') => ({
  type: 'reportFailure' as const,
  params: ({ event }: { event: { error: unknown } }) => ({ type, error: event.error }),
});
/** An invoke's answer, where the actions read it. */
type Answer<T> = { context: TaskRefreshContext; event: { output: Fetched<T> } };
const user = ({ event }: Answer<NextStepsUserResult>) => event.output;
const tasks = ({ event }: Answer<TaskData>) => event.output;
/** The user's answer told the list (its user child keeps a signed-in user's only); its time. */
const userFetched = [
  {
    type: 'report',
    params: ({ event }: Answer<NextStepsUserResult>): FetchedReport => ({
      type: 'user.fetched',
      answer: event.output.value,
    }),
  },
  { type: 'keepUserTime', params: user },
] as const;
/** The tasks told the list, with whose they are; their time. */
const tasksFetched = [
  {
    type: 'report',
    params: ({ context, event }: Answer<TaskData>): FetchedReport => ({
      type: 'tasks.fetched',
      data: event.output.value,
      owner: context.owner,
    }),
  },
  { type: 'keepTasksTime', params: tasks },
] as const;

export const taskRefreshMachine = setup({
  types: { context: {} as TaskRefreshContext, events: {} as TaskRefreshEvent },
  actors: {
    fetchUser: provided<Fetched<NextStepsUserResult>>('fetchUser'),
    fetchTasks: provided<Fetched<TaskData>>('fetchTasks'),
  },
  actions: {
    /** An answer told the list. */
    report: sendParent((_, report: FetchedReport) => report),
    /** The user's time, kept only when the answer is the signed-in user, and whose list it is. */
    keepUserTime: assign((_, { value, at }: Fetched<NextStepsUserResult>) =>
      value.kind === 'user' ? { userFetchedAt: at, owner: value.user.username } : {},
    ),
    keepTasksTime: assign((_, output: Fetched<TaskData>) => ({ tasksFetchedAt: output.at })),
    reportProvisional: sendParent((): TaskRefreshReport => ({ type: 'load.provisional' })),
    reportSignedOut: sendParent((): TaskRefreshReport => ({ type: 'load.signedOut' })),
    reportFailure: sendParent((_, report: TaskRefreshReport) => report),
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
  context: { owner: '', userFetchedAt: null, tasksFetchedAt: null },
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
            actions: userFetched,
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
          actions: tasksFetched,
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
          actions: userFetched,
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
          actions: tasksFetched,
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
