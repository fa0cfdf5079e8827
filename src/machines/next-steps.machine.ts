/**
 * Next Steps as one system: the root actor invokes the task list (its screens' state,
 * task-list.machine.ts), the page's connection and the app's update (the service worker's, issue 44)
 * under their systemIds, so the three run, and stop, together. The connection's return (the server
 * answering again after kept answers, which the browser's `online` event does not tell) reaches the
 * list, which sends what waited (issue 44). `next-steps.tsx` provides the list's effects, starts the
 * system and hands the three to the router's context.
 */
import { sendParent, sendTo, setup } from 'xstate';
import { appUpdateMachine } from './app-update.machine.js';
import { connectionMachine } from './connection.machine.js';
import type { TaskListContext } from './task-list.context.js';
import { taskListMachine } from './task-list.machine.js';

export const nextStepsMachine = setup({
  types: {
    input: {} as TaskListContext,
    context: {} as TaskListContext,
    events: {} as { type: 'connection.back' },
    children: {} as { list: 'list'; connection: 'connection'; appUpdate: 'appUpdate' },
  },
  actors: {
    list: taskListMachine,
    connection: connectionMachine.provide({
      actions: { tellBack: sendParent({ type: 'connection.back' }) },
    }),
    appUpdate: appUpdateMachine,
  },
}).createMachine({
  id: 'nextSteps',
  context: ({ input }) => input,
  invoke: [
    { id: 'list', systemId: 'list', src: 'list', input: ({ context }) => context },
    { id: 'connection', systemId: 'connection', src: 'connection' },
    { id: 'appUpdate', systemId: 'appUpdate', src: 'appUpdate' },
  ],
  on: { 'connection.back': { actions: sendTo('list', { type: 'connection.online' }) } },
});
