/**
 * The Next Steps list (next-steps.md §2, §3 App state, §4 Error state / Caching / Messages, §8):
 * loading, then ready, failed, signed out or provisional, as its `refresh` child's first load
 * reports (task-refresh.machine.ts, which then refetches what is 5 minutes old). Its children hold
 * the rest: `user` the signed-in person and the system message (list-user.machine.ts), `errors` the
 * run of consecutive errors and the toasts (list-errors.machine.ts: the list passes it each
 * outcome the children report), and once ready `roster` the tasks, one actor each, with the outbox
 * between them (task-roster.machine.ts, issue 44) and `coursework` the student's coursework items
 * (issue 45). The list itself keeps only the address to come back to after signing in.
 */
import { forwardTo, setup } from 'xstate';
import { loginUrl } from '../lib/login.js';
import { courseworkItemsMachine, courseworkItemsWith } from './coursework-items.machine.js';
import { listErrorsMachine } from './list-errors.machine.js';
import { listUserMachine, listUserWith } from './list-user.machine.js';
import { taskRosterMachine, taskRosterWith } from './task-roster.machine.js';
import { taskRefreshMachine, taskRefreshWith } from './task-refresh.machine.js';
import type { TaskListContext, TaskListEffects, TaskListEvent } from './task-list-types.js';

export const taskListMachine = setup({
  types: {
    context: {} as TaskListContext,
    input: {} as TaskListContext,
    events: {} as TaskListEvent,
    children: {} as {
      errors: 'errors';
      refresh: 'refresh';
      user: 'user';
      roster: 'roster';
      coursework: 'coursework';
    },
  },
  actors: {
    errors: listErrorsMachine,
    refresh: taskRefreshMachine,
    user: listUserMachine,
    roster: taskRosterMachine,
    coursework: courseworkItemsMachine,
  },
  actions: {
    redirectToLogin: ({ context }) => window.location.assign(loginUrl(context.returnTo)),
    /** An outcome for the error child to count (next-steps.md §4 Error state), or a toast's. */
    toErrors: forwardTo('errors'),
  },
}).createMachine({
  id: 'taskList',
  context: ({ input }) => ({ returnTo: input.returnTo }),
  initial: 'loading',
  // The fetches, from the first load on (next-steps.md §4 Caching), the person and the errors.
  invoke: [
    { id: 'errors', src: 'errors' },
    { id: 'refresh', src: 'refresh' },
    { id: 'user', src: 'user' },
  ],
  on: {
    'user.fetched': { actions: forwardTo('user') },
    'message.acknowledge': { actions: forwardTo('user') },
    'message.acknowledged': { actions: 'toErrors' },
    'message.failed': { actions: 'toErrors' },
    // next-steps.md §8: a screen asks for "Trouble connecting" directly (choices, preferences).
    'notify.trouble': { actions: 'toErrors' },
    'toast.dismiss': { actions: 'toErrors' },
  },
  states: {
    loading: {
      tags: ['loading'],
      on: {
        'tasks.fetched': { target: 'ready', actions: 'toErrors' },
        'load.provisional': 'provisional',
        'load.signedOut': { target: 'signedOut', actions: 'redirectToLogin' },
        'load.failed': { target: 'failed', actions: 'toErrors' },
      },
    },
    failed: {
      tags: ['failed'],
      on: {
        'list.retry': { target: 'loading', actions: ['toErrors', forwardTo('refresh')] },
      },
    },
    signedOut: { tags: ['loading'] },
    provisional: { tags: ['provisional'] },
    ready: {
      tags: ['loaded'],
      invoke: [
        // The first load's tasks, and whose changes made offline the outbox keeps (issue 44).
        {
          id: 'roster',
          src: 'roster',
          input: ({ event }) =>
            event.type === 'tasks.fetched'
              ? { owner: event.owner, data: event.data }
              : { owner: '', data: { tasks: [], categories: [] } },
        },
        // The student's coursework (issue 45), read once the list is there, beside it.
        { id: 'coursework', src: 'coursework' },
      ],
      on: {
        // The roster holds the announcement and the outbox, and tells each save and failure.
        'announcement.dismiss': { actions: forwardTo('roster') },
        'connection.online': { actions: forwardTo('roster') },
        'task.saved': { actions: 'toErrors' },
        'task.failed': { actions: 'toErrors' },
        'outbox.refused': { actions: 'toErrors' },
        'list.retry': { actions: 'toErrors' },
        // next-steps.md §4 Caching: the refresh child refetches only what is 5 minutes old.
        'list.refresh': { actions: forwardTo('refresh') },
        'tasks.fetched': { actions: [forwardTo('roster'), 'toErrors'] },
        'refresh.failed': { actions: 'toErrors' },
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
      user: listUserWith(effects.acknowledgeMessage),
      coursework: courseworkItemsWith(effects.coursework),
    },
  });
