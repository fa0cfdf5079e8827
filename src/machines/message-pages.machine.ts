/**
 * "Show more messages" (portal.md §4 Messages, §8; issue 87): the Messages page loads the page of
 * messages after the message center's cursor and hands it to the center (`messages.page`), which
 * adds it after the loaded ones. A failed page is only logged and says so; asking again loads it.
 * The Messages page runs it, so its code loads with that page, not with the first route.
 */
import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import type { MessagePage } from '../../contract/messages.schema.js';
import type { messagesMachine } from './messages.machine.js';

export interface MessagePagesContext {
  /** The message center (messages.machine.ts), which the pages go to. */
  center: ActorRefFrom<typeof messagesMachine>;
  /** The cursor of the page being loaded. */
  after: string;
}

export type MessagePagesEvent = { type: 'pages.more'; after: string };

/** Loads the page after the cursor the event carries (the center's `next`). */
const more = { 'pages.more': { target: 'more', actions: 'keepCursor' } } as const;

export const messagePagesMachine = setup({
  types: {
    context: {} as MessagePagesContext,
    events: {} as MessagePagesEvent,
    input: {} as { center: ActorRefFrom<typeof messagesMachine> },
  },
  actors: {
    loadMore: fromPromise<MessagePage, { after: string }>(async () => {
      throw new Error('loadMore is provided by the container');
    }),
  },
  actions: {
    keepCursor: assign({ after: ({ event }) => event.after }),
    logFailure: (_, error: unknown) => console.warn('A message call failed', error),
  },
}).createMachine({
  id: 'messagePages',
  context: ({ input }) => ({ center: input.center, after: '' }),
  initial: 'idle',
  states: {
    idle: { on: more },
    more: {
      tags: ['more'],
      invoke: {
        id: 'loadMore',
        src: 'loadMore',
        input: ({ context }) => ({ after: context.after }),
        onDone: {
          target: 'idle',
          actions: sendTo(
            ({ context }) => context.center,
            ({ event }) => ({ type: 'messages.page' as const, page: event.output }),
          ),
        },
        onError: {
          target: 'failed',
          actions: {
            type: 'logFailure',
            params: ({ event }: { event: { error: unknown } }) => event.error,
          },
        },
      },
    },
    failed: { tags: ['failed'], on: more },
  },
});
