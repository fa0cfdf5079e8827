/**
 * Whether the page shows what the server answered now or what was kept for offline (issue 44).
 * When the network or the server cannot be reached, the service worker answers the person's own
 * reads with the last kept copy; the page then shows it with the time it was current ("Offline —
 * showing what you saw at 9:41 AM") instead of an error. The first fresh answer after that means
 * the connection is back: the page offers to reload for what is new.
 */
import { assign, setup } from 'xstate';

export interface ConnectionContext {
  /** When the oldest kept answer on the page was current (ISO 8601); null while online. */
  keptAt: string | null;
}

export type ConnectionEvent =
  { type: 'answer.kept'; at: string } | { type: 'answer.fresh' } | { type: 'notice.dismiss' };

export const connectionMachine = setup({
  types: { context: {} as ConnectionContext, events: {} as ConnectionEvent },
  actions: {
    keepOldest: assign({
      keptAt: ({ context, event }) => {
        if (event.type !== 'answer.kept') return context.keptAt;
        return context.keptAt !== null && context.keptAt < event.at ? context.keptAt : event.at;
      },
    }),
    forget: assign({ keptAt: null }),
  },
}).createMachine({
  id: 'connection',
  context: { keptAt: null },
  initial: 'online',
  states: {
    online: { on: { 'answer.kept': { target: 'offline', actions: 'keepOldest' } } },
    offline: {
      on: {
        'answer.kept': { actions: 'keepOldest' },
        'answer.fresh': { target: 'reconnected', actions: 'forget' },
      },
    },
    /** Back online; the page still shows what was kept until the person reloads or dismisses. */
    reconnected: {
      on: {
        'answer.kept': { target: 'offline', actions: 'keepOldest' },
        'notice.dismiss': 'online',
      },
    },
  },
});
