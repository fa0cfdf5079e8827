/**
 * The system message above the task list (next-steps.md §4 Messages), a child of
 * task-list.machine.ts: acknowledging the message the list names, one at a time. The message itself
 * stays in the list's user record; the list clears it when this machine reports it acknowledged.
 */
import { assign, fromPromise, sendParent, setup } from 'xstate';
import { provided } from './provided.js';

export type SystemMessageEvent = { type: 'message.acknowledge'; id: number };

/** What acknowledging tells the list. */
export type SystemMessageReport =
  { type: 'message.acknowledged' } | { type: 'message.failed'; error: unknown };

/** Tells the list of a failed call (it counts and logs it). */
const failed = {
  type: 'reportFailure' as const,
  params: ({ event }: { event: { error: unknown } }) => event.error,
};

export const systemMessageMachine = setup({
  types: { context: {} as { id: number }, events: {} as SystemMessageEvent },
  actors: {
    acknowledgeMessage: provided<unknown, { id: number }>('acknowledgeMessage'),
  },
  actions: {
    reportAcknowledged: sendParent((): SystemMessageReport => ({ type: 'message.acknowledged' })),
    reportFailure: sendParent((_, error: unknown): SystemMessageReport => ({
      type: 'message.failed',
      error,
    })),
  },
}).createMachine({
  id: 'systemMessage',
  context: { id: 0 },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'message.acknowledge': {
          target: 'acknowledging',
          actions: assign({ id: ({ event }) => event.id }),
        },
      },
    },
    acknowledging: {
      tags: ['acknowledging'],
      invoke: {
        id: 'acknowledgeMessage',
        src: 'acknowledgeMessage',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'idle', actions: 'reportAcknowledged' },
        onError: {
          target: 'idle',
          actions: failed,
        },
      },
    },
  },
});

/** The machine with its call: the composition root's (src/next-steps.tsx), or a test's fake. */
export const systemMessageWith = (acknowledge: (id: number) => Promise<unknown>) =>
  systemMessageMachine.provide({
    actors: { acknowledgeMessage: fromPromise(({ input }) => acknowledge(input.id)) },
  });
