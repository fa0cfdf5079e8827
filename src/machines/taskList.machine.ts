/**
 * The Next Steps list (next-steps.md §2, §3 App state, §4 Error state / Caching / Messages, §8):
 * loading, the user and the tasks (one task actor each, kept by id across refetches), the overdue
 * announcement, toasts, the consecutive-error counter and the system message. The filter, the
 * selected task and the active pane are the address (the `task` route's params and `show`), not
 * state of this machine.
 */
import { assign, enqueueActions, setup } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import type { NextStepsUserResult } from '../api/next-steps/next-steps.js';
import { loginUrl } from '../lib/login.js';
import { overdueTasks } from '../lib/task-rules.js';
import { isStale } from '../lib/fetch-cache.js';
import { ERROR_THRESHOLD } from '../lib/toasts.js';
import { taskMachine } from './task.machine.js';
import { errorText, initialContext, provided, troubleToast } from './taskList.context.js';
import type {
  Fetched,
  TaskData,
  TaskListContext,
  TaskListEvent,
  TaskListInput,
} from './taskList.context.js';

export const taskListMachine = setup({
  types: {
    context: {} as TaskListContext,
    input: {} as TaskListInput,
    events: {} as TaskListEvent,
  },
  actors: {
    task: taskMachine,
    fetchUser: provided<Fetched<NextStepsUserResult>>('fetchUser'),
    fetchTasks: provided<Fetched<TaskData>>('fetchTasks'),
    acknowledgeMessage: provided<unknown, { id: number }>('acknowledgeMessage'),
  },
  actions: {
    redirectToLogin: ({ context }) => window.location.assign(loginUrl(context.returnTo)),
    storeUser: assign((_, output: Fetched<NextStepsUserResult>) =>
      output.value.kind === 'user' ? { user: output.value.user, userFetchedAt: output.at } : {},
    ),
    /**
     * Keeps the actor of every task that is still there (a save in flight goes on) and tells it the
     * fresh record; spawns actors for new tasks and stops those of tasks that are gone.
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
        tasks,
        categories,
        tasksFetchedAt: output.at,
        taskRefs: Object.fromEntries(
          tasks.map((t): [number, ActorRefFrom<typeof taskMachine>] => [
            t.id,
            context.taskRefs[t.id] ?? spawn('task', { id: `task-${t.id}`, input: { userTask: t } }),
          ]),
        ),
      }));
    }),
    /** A success ends the run of consecutive errors. */
    clearError: assign({ error: null, consecutiveErrors: 0 }),
    /** The technical detail of a failure is for the log; students read a sentence instead. */
    logFailure: ({ event }) => console.error(`Next Steps: ${errorText(event)}`),
    /** next-steps.md §4 Error state: count the error; the toast shows only while below 2. */
    countError: assign(({ context, event }) => ({
      error: errorText(event),
      // Counting stops one past the threshold: beyond it the app is in error either way.
      consecutiveErrors: Math.min(context.consecutiveErrors + 1, ERROR_THRESHOLD + 1),
      ...(context.consecutiveErrors < ERROR_THRESHOLD && troubleToast(context)),
    })),
    /** next-steps.md §8: shown directly when affiliation choices fail to load or preferences to save. */
    addTroubleToast: assign(({ context }) => troubleToast(context)),
  },
  guards: {
    isSignedIn: (_, output: Fetched<NextStepsUserResult>) => output.value.kind === 'user',
    isProvisional: (_, output: Fetched<NextStepsUserResult>) => output.value.kind === 'provisional',
    hasStaleTasks: ({ context, event }) =>
      event.type === 'list.refresh' &&
      (event.force === true || isStale(context.tasksFetchedAt, event.at)),
    hasStaleUser: ({ context, event }) =>
      event.type === 'list.refresh' && isStale(context.userFetchedAt, event.at),
    hasMessage: ({ context }) => (context.user?.user_message.length ?? 0) > 0,
  },
}).createMachine({
  id: 'taskList',
  context: ({ input }) => initialContext(input),
  initial: 'loadingUser',
  on: {
    'toast.dismiss': {
      actions: [
        assign({
          notifications: ({ context, event }) =>
            context.notifications.filter((t) => t.message !== event.message),
        }),
        'clearError',
      ],
    },
    'notify.trouble': { actions: 'addTroubleToast' },
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
        onError: { target: 'failed', actions: ['countError', 'logFailure'] },
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
        onError: { target: 'failed', actions: ['countError', 'logFailure'] },
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
      type: 'parallel',
      on: {
        'announcement.dismiss': { actions: assign({ announcementOpen: false }) },
        'task.saved': {
          actions: [
            assign({
              tasks: ({ context, event }) =>
                context.tasks.map((t) => (t.id === event.userTask.id ? event.userTask : t)),
            }),
            'clearError',
          ],
        },
        'task.failed': { actions: ['countError', 'logFailure'] },
        'list.retry': { actions: 'clearError' },
      },
      states: {
        // next-steps.md §4 Caching: user and task fetches repeated within 5 minutes are skipped.
        refresh: {
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
                  actions: { type: 'storeUser', params: ({ event }) => event.output },
                },
                onError: { target: 'idle', actions: ['countError', 'logFailure'] },
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
                    { type: 'storeTasks', params: ({ event }) => event.output },
                    'clearError',
                  ],
                },
                onError: { target: 'idle', actions: ['countError', 'logFailure'] },
              },
            },
          },
        },
        message: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'message.acknowledge': { guard: 'hasMessage', target: 'acknowledging' } },
            },
            acknowledging: {
              tags: ['acknowledging'],
              invoke: {
                id: 'acknowledgeMessage',
                src: 'acknowledgeMessage',
                input: ({ context }) => ({ id: context.user?.user_message[0]?.id ?? 0 }),
                onDone: {
                  target: 'idle',
                  // next-steps.md §4 Messages: after acknowledging, messages are cleared.
                  actions: [
                    assign({
                      user: ({ context }) => context.user && { ...context.user, user_message: [] },
                    }),
                    'clearError',
                  ],
                },
                onError: { target: 'idle', actions: ['countError', 'logFailure'] },
              },
            },
          },
        },
      },
    },
  },
});
