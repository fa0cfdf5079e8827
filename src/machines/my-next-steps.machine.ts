/**
 * The portal's My Next Steps block (portal.md §2 Shared blocks, §4 Loaders): loading, then the
 * signed-in user's tasks, or an error with a retry.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { MyNextStepsTask } from '../../contract/next-steps/mynextsteps.schema.js';

export interface MyNextStepsContext {
  tasks: MyNextStepsTask[];
}

export const myNextStepsMachine = setup({
  types: { context: {} as MyNextStepsContext, events: {} as { type: 'block.retry' } },
  actors: {
    fetchTasks: fromPromise<MyNextStepsTask[]>(async () => {
      throw new Error('fetchTasks is provided by the composition root');
    }),
  },
}).createMachine({
  id: 'myNextSteps',
  context: { tasks: [] },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'fetchTasks',
        src: 'fetchTasks',
        onDone: { target: 'loaded', actions: assign({ tasks: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    loaded: { tags: ['loaded'] },
    failed: { tags: ['error'], on: { 'block.retry': 'loading' } },
  },
});

export const selectBlockTasks = (s: { context: MyNextStepsContext }) => s.context.tasks;
