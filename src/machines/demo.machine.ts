/**
 * Demo mode (portal.md §4): "Start Demo" / "End Demo" run the server's demo-state action, then the
 * app reloads at the root — from the footer only when leaving demo. Active at start when the demo
 * cookie is set. A failed toggle is reported to the portal, which tells the student.
 */
import { assign, fromPromise, sendTo, setup } from 'xstate';
import { portalOf } from './report.js';

export type DemoSource = 'sidebar' | 'footer';

export interface DemoContext {
  /** Where the last toggle came from: the footer reloads only when leaving demo. */
  source: DemoSource;
  /** The demo cookie was set when the app started. */
  activeAtStart: boolean;
}

export interface DemoInput {
  /** The demo cookie is set. */
  active: boolean;
}

export type DemoEvent = { type: 'demo.toggle'; source: DemoSource };

/** What demo mode reports to the portal machine. */
export type DemoReport =
  { type: 'demo.reloading'; url: string } | { type: 'demo.failed'; turningOn: boolean };

export const demoMachine = setup({
  types: {
    context: {} as DemoContext,
    input: {} as DemoInput,
    events: {} as DemoEvent,
  },
  actors: {
    setDemoState: fromPromise<boolean, { active: boolean }>(async () => {
      throw new Error('setDemoState is provided by the composition root');
    }),
  },
  actions: {
    reloadAtRoot: sendTo(portalOf, { type: 'demo.reloading', url: '/' } satisfies DemoReport),
    reportFailure: sendTo(portalOf, (_, turningOn: boolean): DemoReport => ({
      type: 'demo.failed',
      turningOn,
    })),
  },
  guards: {
    isActiveAtStart: ({ context }) => context.activeAtStart,
    isFromSidebar: ({ context }) => context.source === 'sidebar',
  },
}).createMachine({
  id: 'demo',
  context: ({ input }) => ({ source: 'sidebar', activeAtStart: input.active }),
  initial: 'boot',
  states: {
    boot: {
      always: [{ guard: 'isActiveAtStart', target: 'on' }, { target: 'off' }],
    },
    off: {
      on: {
        'demo.toggle': {
          target: 'turningOn',
          actions: assign({ source: ({ event }) => event.source }),
        },
      },
    },
    turningOn: {
      tags: ['pending'],
      invoke: {
        id: 'startDemo',
        src: 'setDemoState',
        input: { active: true },
        onDone: [{ guard: 'isFromSidebar', target: 'reloading' }, { target: 'on' }],
        onError: { target: 'off', actions: { type: 'reportFailure', params: true } },
      },
    },
    on: {
      tags: ['demo'],
      on: {
        'demo.toggle': {
          target: 'turningOff',
          actions: assign({ source: ({ event }) => event.source }),
        },
      },
    },
    turningOff: {
      tags: ['demo', 'pending'],
      invoke: {
        id: 'endDemo',
        src: 'setDemoState',
        input: { active: false },
        onDone: 'reloading',
        onError: { target: 'on', actions: { type: 'reportFailure', params: false } },
      },
    },
    reloading: { tags: ['pending'], entry: 'reloadAtRoot' },
  },
});

export const selectIsDemo = (snapshot: { hasTag: (tag: string) => boolean }) =>
  snapshot.hasTag('demo');
export const selectIsDemoPending = (snapshot: { hasTag: (tag: string) => boolean }) =>
  snapshot.hasTag('pending');
