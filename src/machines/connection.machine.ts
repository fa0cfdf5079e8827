/**
 * Whether the page shows what the server answered now or what was kept for offline (issue 44).
 * When the network or the server cannot be reached, the service worker answers the person's own
 * reads with the last kept copy; the page then shows it with the time it was current ("Offline —
 * showing what you saw at 9:41 AM") instead of an error. The first fresh answer after that means
 * the connection is back: the page offers to reload for what is new, and the machine tells so
 * (`tellBack`: it emits `connection.back`; Next Steps' system has it sent to its parent, which tells
 * the outbox the server answers again).
 * Each app's system invokes it from the start (portal.machine.ts, next-steps.machine.ts); the worker's
 * messages reach it once the worker's module loads (pages/shared/app-worker.ts).
 */
import { assign, emit, setup } from 'xstate';
import type { ActorRefFrom } from 'xstate';

export interface ConnectionContext {
  /** When the oldest kept answer on the page was current (ISO 8601); null while online. */
  keptAt: string | null;
}

export type ConnectionEvent =
  { type: 'answer.kept'; at: string } | { type: 'answer.fresh' } | { type: 'notice.dismiss' };

export const connectionMachine = setup({
  types: {
    context: {} as ConnectionContext,
    events: {} as ConnectionEvent,
    emitted: {} as { type: 'connection.back' },
  },
  actions: {
    keepOldest: assign({
      keptAt: ({ context, event }) => {
        if (event.type !== 'answer.kept') return context.keptAt;
        return context.keptAt !== null && context.keptAt < event.at ? context.keptAt : event.at;
      },
    }),
    forget: assign({ keptAt: null }),
    tellBack: emit({ type: 'connection.back' as const }),
  },
}).createMachine({
  id: 'connection',
  context: { keptAt: null },
  initial: 'online',
  states: {
    online: { on: { 'answer.kept': { target: 'offline', actions: 'keepOldest' } } },
    /** The page shows kept answers: pages hold the controls that write (pages/shared/offline.ts). */
    offline: {
      tags: ['offline'],
      on: {
        'answer.kept': { actions: 'keepOldest' },
        'answer.fresh': { target: 'reconnected', actions: ['forget', 'tellBack'] },
      },
    },
    /** Back online; the page still shows what was kept until the person reloads or dismisses. */
    reconnected: {
      tags: ['reconnected'],
      on: {
        'answer.kept': { target: 'offline', actions: 'keepOldest' },
        'notice.dismiss': 'online',
      },
    },
  },
});

export type ConnectionRef = ActorRefFrom<typeof connectionMachine>;
