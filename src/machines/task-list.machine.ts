/**
 * The Next Steps list (next-steps.md §2, §3 App state, §4 Error state / Caching / Messages, §8):
 * loading (by its `load` child, task-load.machine.ts, which reports each answer), the user, the
 * order of the tasks and one task actor each (kept by id across refetches;
 * each actor owns its task's record), the overdue announcement. Its failures and successes go to
 * `errors` (list-errors.machine.ts: the run of consecutive errors and the toasts). Once ready,
 * children refetch (`refresh`), acknowledge the system message (`systemMessage`)
 * and keep changes made offline until sent (`outbox`, issue 44), and hold the student's coursework
 * items (`coursework`, issue 45). The address is the rest.
 */
import { assign, enqueueActions, fromPromise, sendTo, setup } from 'xstate';
import type { NextStepsUserResult } from '../api/next-steps/next-steps.js';
import { loginUrl } from '../lib/login.js';
import { overdueTasks } from '../lib/task-rules.js';
import { courseworkItemsMachine, courseworkItemsWith } from './coursework-items.machine.js';
import { listErrorsMachine, type ListErrorsEvent } from './list-errors.machine.js';
import { outboxMachine, outboxWith } from './outbox.machine.js';
import { systemMessageMachine, systemMessageWith } from './system-message.machine.js';
import { taskMachine } from './task.machine.js';
import { taskFlagMachine } from './task-flag.machine.js';
import { taskLoadMachine } from './task-load.machine.js';
import { taskRefreshMachine } from './task-refresh.machine.js';
import { taskSaveWith } from './task-save.machine.js';
import { errorText, initialContext } from './task-list.context.js';
import type { Fetched, TaskData, TaskListEffects, TaskRef } from './task-list.context.js';
import type { TaskListContext, TaskListEvent, TaskListInput } from './task-list.context.js';

const failure = 'reportFailure' as const; // Counted (next-steps.md §4) and logged by `errors`.

export const taskListMachine = setup({
  types: {
    context: {} as TaskListContext,
    input: {} as TaskListInput,
    events: {} as TaskListEvent,
    children: {} as {
      errors: 'errors';
      load: 'load';
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
    load: taskLoadMachine,
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
    hasMessage: ({ context }) => (context.user?.user_message.length ?? 0) > 0,
  },
}).createMachine({
  id: 'taskList',
  context: ({ input }) => initialContext(input),
  initial: 'loading',
  invoke: { id: 'errors', src: 'errors' },
  // next-steps.md §8: a screen asks for "Trouble connecting" directly (choices, preferences).
  on: {
    'toast.dismiss': { actions: 'passToErrors' },
    'notify.trouble': { actions: 'passToErrors' },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: { id: 'load', src: 'load' },
      on: {
        'load.user': { actions: { type: 'storeUser', params: ({ event }) => event.output } },
        'load.tasks': {
          target: 'ready',
          actions: [
            { type: 'storeTasks', params: ({ event }) => event.output },
            assign({
              announcementOpen: ({ event }) => overdueTasks(event.output.value.tasks).length > 0,
            }),
            'clearError',
          ],
        },
        'load.provisional': 'provisional',
        'load.signedOut': { target: 'signedOut', actions: 'redirectToLogin' },
        'load.failed': { target: 'failed', actions: failure },
      },
    },
    failed: {
      tags: ['failed'],
      on: { 'list.retry': { target: 'loading', actions: 'clearError' } },
    },
    signedOut: { tags: ['loading'] },
    provisional: { tags: ['provisional'] },
    ready: {
      tags: ['loaded'],
      invoke: [
        // next-steps.md §4 Caching: the refetches, from the first load's times.
        {
          id: 'refresh',
          src: 'refresh',
          input: ({ context: { userFetchedAt, tasksFetchedAt } }) => ({
            userFetchedAt,
            tasksFetchedAt,
          }),
        },
        { id: 'systemMessage', src: 'systemMessage' },
        // Changes made offline are kept for the signed-in person (issue 44).
        {
          id: 'outbox',
          src: 'outbox',
          input: ({ context }) => ({ owner: context.user?.username ?? '' }),
        },
        // The student's coursework (issue 45), read once the list is there, beside it.
        { id: 'coursework', src: 'coursework' },
      ],
      on: {
        'announcement.dismiss': { actions: assign({ announcementOpen: false }) },
        'task.saved': { actions: 'clearError' },
        'task.failed': { actions: failure },
        'task.queued': {
          actions: sendTo('outbox', ({ event: { type: _, ...change } }) => ({
            type: 'outbox.add' as const,
            change,
          })),
        },
        'connection.online': { actions: sendTo('outbox', { type: 'outbox.online' }) },
        'outbox.refused': { actions: 'passToErrors' },
        // The outbox's word for a task goes to the task's actor, when the list still holds it.
        'outbox.tell': {
          actions: enqueueActions(({ context, event, enqueue }) => {
            const task = context.taskRefs[event.id];
            if (task) enqueue.sendTo(task, event.event);
          }),
        },
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

/**
 * The list with its effects and its children's: the composition root's calls (src/next-steps.tsx),
 * or tests' fakes. The first load and the refresh child make the same two fetches.
 */
export function taskListWith(effects: TaskListEffects) {
  const fetchUser = fromPromise<Fetched<NextStepsUserResult>, void>(() => effects.fetchUser());
  const fetchTasks = fromPromise<Fetched<TaskData>, void>(() => effects.fetchTasks());
  const taskSave = taskSaveWith(effects.saveTask);
  return taskListMachine.provide({
    actors: {
      load: taskLoadMachine.provide({ actors: { fetchUser, fetchTasks } }),
      refresh: taskRefreshMachine.provide({ actors: { fetchUser, fetchTasks } }),
      task: taskMachine.provide({
        actors: { taskFlag: taskFlagMachine.provide({ actors: { taskSave } }) },
      }),
      systemMessage: systemMessageWith(effects.acknowledgeMessage),
      outbox: outboxWith(effects.outbox),
      coursework: courseworkItemsWith(effects.coursework),
    },
  });
}
