/**
 * The Next Steps list (next-steps.md §2, §3 App state, §4 Error state / Caching / Messages, §8):
 * loading (by its `refresh` child, task-refresh.machine.ts, which fetches, reports each answer and
 * then refetches what is 5 minutes old), the user, and the children that hold the rest. Its failures and successes go to `errors` (list-errors.machine.ts:
 * the run of consecutive errors and the toasts). Once ready, `roster` holds the tasks, one actor
 * each, and the outbox between them (task-roster.machine.ts, issue 44); other children refetch
 * (`refresh`), acknowledge the system message (`systemMessage`) and hold the student's coursework
 * items (`coursework`, issue 45). The address is the rest.
 */
import { assign, sendTo, setup } from 'xstate';
import type { NextStepsUserResult } from '../api/next-steps/next-steps.js';
import { loginUrl } from '../lib/login.js';
import { courseworkItemsMachine, courseworkItemsWith } from './coursework-items.machine.js';
import { listErrorsMachine, type ListErrorsEvent } from './list-errors.machine.js';
import { systemMessageMachine, systemMessageWith } from './system-message.machine.js';
import { taskRosterMachine, taskRosterWith } from './task-roster.machine.js';
import { taskRefreshMachine, taskRefreshWith } from './task-refresh.machine.js';
import { errorText, initialContext } from './task-list.context.js';
import type { Fetched, TaskListEffects } from './task-list.context.js';
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
      roster: 'roster';
      coursework: 'coursework';
    },
  },
  actors: {
    errors: listErrorsMachine,
    refresh: taskRefreshMachine,
    systemMessage: systemMessageMachine,
    roster: taskRosterMachine,
    coursework: courseworkItemsMachine,
  },
  actions: {
    redirectToLogin: ({ context }) => window.location.assign(loginUrl(context.returnTo)),
    storeUser: assign((_, output: Fetched<NextStepsUserResult>) =>
      output.value.kind === 'user' ? { user: output.value.user } : {},
    ),
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
  // The fetches, from the first load on (next-steps.md §4 Caching).
  invoke: [
    { id: 'errors', src: 'errors' },
    { id: 'refresh', src: 'refresh' },
  ],
  // next-steps.md §8: a screen asks for "Trouble connecting" directly (choices, preferences).
  on: {
    'toast.dismiss': { actions: 'passToErrors' },
    'notify.trouble': { actions: 'passToErrors' },
  },
  states: {
    loading: {
      tags: ['loading'],
      on: {
        'load.user': { actions: { type: 'storeUser', params: ({ event }) => event.output } },
        'load.tasks': {
          target: 'ready',
          actions: 'clearError',
        },
        'load.provisional': 'provisional',
        'load.signedOut': { target: 'signedOut', actions: 'redirectToLogin' },
        'load.failed': { target: 'failed', actions: failure },
      },
    },
    failed: {
      tags: ['failed'],
      on: {
        'list.retry': {
          target: 'loading',
          actions: ['clearError', sendTo('refresh', ({ event }) => event)],
        },
      },
    },
    signedOut: { tags: ['loading'] },
    provisional: { tags: ['provisional'] },
    ready: {
      tags: ['loaded'],
      invoke: [
        { id: 'systemMessage', src: 'systemMessage' },
        // The first load's tasks, and whose changes made offline the outbox keeps (issue 44).
        {
          id: 'roster',
          src: 'roster',
          input: ({ context, event }) => ({
            owner: context.user?.username ?? '',
            data: event.type === 'load.tasks' ? event.output.value : { tasks: [], categories: [] },
          }),
        },
        // The student's coursework (issue 45), read once the list is there, beside it.
        { id: 'coursework', src: 'coursework' },
      ],
      on: {
        // The roster holds the announcement and the outbox.
        'announcement.dismiss': { actions: sendTo('roster', ({ event }) => event) },
        'task.saved': { actions: 'clearError' },
        'task.failed': { actions: failure },
        'connection.online': { actions: sendTo('roster', ({ event }) => event) },
        'outbox.refused': { actions: 'passToErrors' },
        'list.retry': { actions: 'clearError' },
        // next-steps.md §4 Caching: the refresh child refetches only what is 5 minutes old.
        'list.refresh': { actions: sendTo('refresh', ({ event }) => event) },
        'refresh.userFetched': {
          actions: { type: 'storeUser', params: ({ event }) => event.output },
        },
        'refresh.tasksFetched': {
          actions: [
            sendTo('roster', ({ event }) => ({
              type: 'roster.refreshed' as const,
              data: event.output.value,
            })),
            'clearError',
          ],
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
 * The list with its children's effects, each child's own: the composition root's calls
 * (src/next-steps.tsx), or tests' fakes.
 */
export const taskListWith = (effects: TaskListEffects) =>
  taskListMachine.provide({
    actors: {
      refresh: taskRefreshWith(effects),
      roster: taskRosterWith(effects),
      systemMessage: systemMessageWith(effects.acknowledgeMessage),
      coursework: courseworkItemsWith(effects.coursework),
    },
  });
