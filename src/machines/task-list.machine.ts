/**
 * The Next Steps list (next-steps.md §2, §3 App state, §4 Error state / Caching / Messages, §8):
 * loading, the user, the order of the tasks and one task actor each (kept by id across refetches;
 * each actor owns its task's record), the overdue announcement. Its failures and successes go to
 * `errors` (list-errors.machine.ts: the run of consecutive errors and the toasts). Once ready,
 * children refetch (`refresh`), acknowledge the system message (`systemMessage`)
 * and keep changes made offline until sent (`outbox`, issue 44), and hold the student's coursework
 * items (`coursework`, issue 45). The address is the rest.
 */
import { assign, enqueueActions, sendTo, setup } from 'xstate';
import type { NextStepsUserResult } from '../api/next-steps/next-steps.js';
import { loginUrl } from '../lib/login.js';
import { overdueTasks } from '../lib/task-list-rules.js';
import { courseworkItemsMachine } from './coursework-items.machine.js';
import { listErrorsMachine, type ListErrorsEvent } from './list-errors.machine.js';
import { outboxMachine } from './outbox.machine.js';
import { systemMessageMachine } from './system-message.machine.js';
import { taskMachine } from './task.machine.js';
import { taskRefreshMachine } from './task-refresh.machine.js';
import { errorText, initialContext, provided, toOutbox, taskOf } from './task-list.context.js';
import { eventOf, fetchTimes, hasTaskOf, outboxInput } from './task-list.context.js';
import type { Fetched, TaskData, TaskRef } from './task-list.context.js';
import type { TaskListContext, TaskListEvent, TaskListInput } from './task-list.context.js';

const failure = 'reportFailure' as const; // Counted (next-steps.md §4) and logged by `errors`.

export const taskListMachine = setup({
  types: {
    context: {} as TaskListContext,
    input: {} as TaskListInput,
    events: {} as TaskListEvent,
    children: {} as {
      errors: 'errors';
      refresh: 'refresh';
      systemMessage: 'systemMessage';
      outbox: 'outbox';
      coursework: 'coursework';
    },
  },
  actors: {
    task: taskMachine,
    errors: listErrorsMachine,
    refresh: taskRefreshMachine,
    systemMessage: systemMessageMachine,
    outbox: outboxMachine,
    coursework: courseworkItemsMachine,
    fetchUser: provided<Fetched<NextStepsUserResult>>('fetchUser'),
    fetchTasks: provided<Fetched<TaskData>>('fetchTasks'),
  },
  actions: {
    redirectToLogin: ({ context }) => window.location.assign(loginUrl(context.returnTo)),
    storeUser: assign((_, output: Fetched<NextStepsUserResult>) =>
      output.value.kind === 'user' ? { user: output.value.user, userFetchedAt: output.at } : {},
    ),
    /**
     * The order and the actors; each record goes to its actor. A task still there keeps its actor
     * (a save in flight goes on), told the fresh record; new tasks get one, gone ones are stopped.
     */
    storeTasks: enqueueActions(({ context, enqueue }, output: Fetched<TaskData>) => {
      const { tasks, categories } = output.value;
      const ids = new Set(tasks.map((t) => t.id));
      for (const [id, ref] of Object.entries(context.taskRefs)) {
        if (!ids.has(Number(id))) enqueue.stopChild(ref);
      }
      for (const t of tasks) {
        const ref = context.taskRefs[t.id];
        if (ref) enqueue.sendTo(ref, { type: 'task.refreshed', userTask: t });
      }
      enqueue.assign(({ spawn }) => ({
        taskIds: tasks.map((t) => t.id),
        categories,
        tasksFetchedAt: output.at,
        taskRefs: Object.fromEntries(
          tasks.map((t): [number, TaskRef] => [
            t.id,
            context.taskRefs[t.id] ?? spawn('task', { id: `task-${t.id}`, input: { userTask: t } }),
          ]),
        ),
      }));
    }),
    /** A success ends the run of consecutive errors. */
    clearError: sendTo('errors', { type: 'errors.cleared' }),
    /** Passed on to the child that keeps the error state and the toasts. */
    passToErrors: sendTo('errors', ({ event }) => event as ListErrorsEvent),
    reportFailure: sendTo('errors', ({ event }) => ({
      type: 'errors.failed' as const,
      message: errorText(event),
    })),
    /** next-steps.md §4 Messages: after acknowledging, messages are cleared. */
    clearMessages: assign({
      user: ({ context }) => context.user && { ...context.user, user_message: [] },
    }),
  },
  guards: {
    isSignedIn: (_, output: Fetched<NextStepsUserResult>) => output.value.kind === 'user',
    isProvisional: (_, output: Fetched<NextStepsUserResult>) => output.value.kind === 'provisional',
    hasMessage: ({ context }) => (context.user?.user_message.length ?? 0) > 0,
  },
}).createMachine({
  id: 'taskList',
  context: ({ input }) => initialContext(input),
  initial: 'loadingUser',
  invoke: { id: 'errors', src: 'errors' },
  // next-steps.md §8: a screen asks for "Trouble connecting" directly (choices, preferences).
  on: {
    'toast.dismiss': { actions: 'passToErrors' },
    'notify.trouble': { actions: 'passToErrors' },
  },
  states: {
    loadingUser: {
      tags: ['loading'],
      invoke: {
        id: 'fetchUser',
        src: 'fetchUser',
        onDone: [
          {
            guard: { type: 'isSignedIn', params: ({ event }) => event.output },
            target: 'loadingTasks',
            actions: { type: 'storeUser', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'isProvisional', params: ({ event }) => event.output },
            target: 'provisional',
          },
          { target: 'signedOut', actions: 'redirectToLogin' },
        ],
        onError: { target: 'failed', actions: failure },
      },
    },
    loadingTasks: {
      tags: ['loading'],
      invoke: {
        id: 'fetchTasks',
        src: 'fetchTasks',
        onDone: {
          target: 'ready',
          actions: [
            { type: 'storeTasks', params: ({ event }) => event.output },
            assign({
              announcementOpen: ({ event }) => overdueTasks(event.output.value.tasks).length > 0,
            }),
            'clearError',
          ],
        },
        onError: { target: 'failed', actions: failure },
      },
    },
    failed: {
      tags: ['failed'],
      on: { 'list.retry': { target: 'loadingUser', actions: 'clearError' } },
    },
    signedOut: { tags: ['loading'] },
    provisional: { tags: ['provisional'] },
    ready: {
      tags: ['loaded'],
      invoke: [
        // next-steps.md §4 Caching: the refetches, from the first load's times.
        { id: 'refresh', src: 'refresh', input: fetchTimes },
        { id: 'systemMessage', src: 'systemMessage' },
        { id: 'outbox', src: 'outbox', input: outboxInput },
        // The student's coursework (issue 45), read once the list is there, beside it.
        { id: 'coursework', src: 'coursework' },
      ],
      on: {
        'announcement.dismiss': { actions: assign({ announcementOpen: false }) },
        'task.saved': { actions: 'clearError' },
        'task.failed': { actions: failure },
        'task.queued': { actions: sendTo('outbox', toOutbox) },
        'connection.online': { actions: sendTo('outbox', { type: 'outbox.online' }) },
        'outbox.refused': { actions: 'passToErrors' },
        'outbox.tell': { guard: hasTaskOf, actions: sendTo(taskOf, eventOf) },
        'list.retry': { actions: 'clearError' },
        // next-steps.md §4 Caching: the refresh child refetches only what is 5 minutes old.
        'list.refresh': { actions: sendTo('refresh', ({ event }) => event) },
        'refresh.userFetched': {
          actions: { type: 'storeUser', params: ({ event }) => event.output },
        },
        'refresh.tasksFetched': {
          actions: [{ type: 'storeTasks', params: ({ event }) => event.output }, 'clearError'],
        },
        'refresh.failed': { actions: failure },
        'message.acknowledge': {
          guard: 'hasMessage',
          actions: sendTo('systemMessage', ({ context }) => ({
            type: 'message.acknowledge' as const,
            id: context.user?.user_message[0]?.id ?? 0,
          })),
        },
        'message.acknowledged': { actions: ['clearMessages', 'clearError'] },
        'message.failed': { actions: failure },
      },
    },
  },
});
