/**
 * The person whose Next Steps list it is (next-steps.md §3 App state: user) and the system message
 * above the list (§4 Messages), a child of task-list.machine.ts invoked as `user` for as long as the
 * list runs. It holds the record of each fetch of the signed-in user (`user.fetched`, from the list's
 * refresh child) and acknowledges the first message of that record, one at a time: afterwards the
 * messages are cleared. It tells the list when an acknowledgement is done or failed, which the
 * list's error child counts.
 */
import { assign, fromPromise, sendParent, setup } from 'xstate';
import type { NextStepsUser } from '../../contract/next-steps/user.schema.js';
import type { NextStepsUserResult } from '../api/next-steps/next-steps.js';
import { provided } from './provided.js';

export interface ListUserContext {
  /** The signed-in person, from the last fetch; null until the first. */
  user: NextStepsUser | null;
}

/** Each fetch's answer (a signed-in user's is kept), and the system message's Acknowledge. */
export type ListUserEvent =
  { type: 'user.fetched'; answer: NextStepsUserResult } | { type: 'message.acknowledge' };

/** What acknowledging tells the list. */
export type ListUserReport =
  { type: 'message.acknowledged' } | { type: 'message.failed'; error: unknown };

export const listUserMachine = setup({
  types: { context: {} as ListUserContext, events: {} as ListUserEvent },
  actors: {
    acknowledgeMessage: provided<unknown, { id: number }>('acknowledgeMessage'),
  },
  actions: {
    storeUser: assign((_, answer: NextStepsUserResult) =>
      answer.kind === 'user' ? { user: answer.user } : {},
    ),
    /** next-steps.md §4 Messages: after acknowledging, messages are cleared. */
    clearMessages: assign({
      user: ({ context }) => context.user && { ...context.user, user_message: [] },
    }),
    report: sendParent((_, report: ListUserReport) => report),
  },
  guards: {
    hasMessage: ({ context }) => (context.user?.user_message.length ?? 0) > 0,
  },
}).createMachine({
  id: 'listUser',
  context: { user: null },
  initial: 'idle',
  on: {
    'user.fetched': { actions: { type: 'storeUser', params: ({ event }) => event.answer } },
  },
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
          actions: ['clearMessages', { type: 'report', params: { type: 'message.acknowledged' } }],
        },
        onError: {
          target: 'idle',
          actions: {
            type: 'report',
            params: ({ event }) => ({ type: 'message.failed', error: event.error }),
          },
        },
      },
    },
  },
});

/** The machine with its call: the composition root's (src/next-steps.tsx), or a test's fake. */
export const listUserWith = (acknowledge: (id: number) => Promise<unknown>) =>
  listUserMachine.provide({
    actors: { acknowledgeMessage: fromPromise(({ input }) => acknowledge(input.id)) },
  });
