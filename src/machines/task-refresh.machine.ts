/**
 * The task list's refetches (next-steps.md §4 Caching), a child of task-list.machine.ts. The list
 * decides what is stale and asks for `refresh.user` (the user, then the tasks) or `refresh.tasks`;
 * while a refetch runs, another request is not taken. Each answer goes to the list, which stores it:
 * this machine holds no data of its own.
 */
import { sendParent, setup } from 'xstate';
import type { NextStepsUserResult } from '../api/next-steps/next-steps.js';
import { provided } from './task-list.context.js';
import type { Fetched, TaskData } from './task-list.context.js';

export type TaskRefreshEvent = { type: 'refresh.user' } | { type: 'refresh.tasks' };

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
  types: { events: {} as TaskRefreshEvent },
  actors: {
    fetchUser: provided<Fetched<NextStepsUserResult>>('fetchUser'),
    fetchTasks: provided<Fetched<TaskData>>('fetchTasks'),
  },
  actions: {
    reportUser: sendParent((_, output: Fetched<NextStepsUserResult>): TaskRefreshReport => ({
      type: 'refresh.userFetched',
      output,
    })),
    reportTasks: sendParent((_, output: Fetched<TaskData>): TaskRefreshReport => ({
      type: 'refresh.tasksFetched',
      output,
    })),
    reportFailure: sendParent((_, error: unknown): TaskRefreshReport => ({
      type: 'refresh.failed',
      error,
    })),
  },
}).createMachine({
  id: 'taskRefresh',
  initial: 'idle',
  states: {
    idle: { on: { 'refresh.user': 'user', 'refresh.tasks': 'tasks' } },
    user: {
      invoke: {
        id: 'refetchUser',
        src: 'fetchUser',
        onDone: {
          target: 'tasks',
          actions: { type: 'reportUser', params: ({ event }) => event.output },
        },
        onError: {
          target: 'idle',
          actions: failed,
        },
      },
    },
    tasks: {
      tags: ['refreshing'],
      invoke: {
        id: 'refetchTasks',
        src: 'fetchTasks',
        onDone: {
          target: 'idle',
          actions: { type: 'reportTasks', params: ({ event }) => event.output },
        },
        onError: {
          target: 'idle',
          actions: failed,
        },
      },
    },
  },
});
