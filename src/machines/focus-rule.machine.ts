/**
 * The frame's focus rule (issue 43; src/README.md "Focus is the frame's"): when focus is placed,
 * and for which rule. The page's DOM helpers (src/pages/shared/focus-places.ts) find the places;
 * `installFocusRule` (src/pages/shared/focus-rule.ts) provides them as this chart's guards and
 * actions and sends it what the page and the router do.
 *
 * `idle`: rule 2 (the focused element left the page) and the start of rule 3 (it was disabled while
 * it held focus) are checked once the page has settled after each change. `arriving` (rule 1, a new
 * page): its heading, the hash's target or the link back is looked for on each change of the page,
 * the hash's target alone for HASH_PATIENCE_MS. `awaitingWork` (rule 3): the disabled element's work
 * is waited for. Both waits end after PATIENCE_MS. While either waits, focus is held near where it
 * was (`holdWhileWaiting`), never left on `<body>` (issue 76); the page sends `page.settled` as soon
 * as focus is lost, not only once the page has settled.
 */
import { and, assign, not, setup } from 'xstate';

/** How long a new page's heading (or a disabled element's work) is waited for. */
export const PATIENCE_MS = 10_000;
/** How long the target of an address's hash is waited for before the page's heading does. */
export const HASH_PATIENCE_MS = 3_000;

/** Where a focused element stood; the page's DOM helpers make and read it. */
export interface Held {
  readonly element: object;
}

/** A page change that places focus: where from, the hash, and whether it goes back. */
export interface Arrival {
  from: string;
  fromSearch: string;
  hash: string;
  goingBack: boolean;
  /** What held focus when the page changed: if focus moves on meanwhile, it is left there. */
  arrivedAt: unknown;
}

export interface FocusRuleContext {
  /** Where the element that last took focus stood. */
  held: Held | null;
  /** The held element, disabled while it held focus: its work is under way or just ended. */
  working: Held | null;
  /** The element whose work is waited for (awaitingWork). */
  worked: Held | null;
  arrival: Arrival | null;
}

export type FocusRuleEvent =
  | { type: 'focus.in'; held: Held }
  | { type: 'focus.disabled' }
  | { type: 'page.arrived'; arrival: Arrival }
  /** The page changed (each change, for the waits). */
  | { type: 'page.changed' }
  /** The page settled after a change, once the components have had their say (rules 2 and 3). */
  | { type: 'page.settled' };

/** The held element was disabled while it held focus (the start of rule 3). */
export const isHeldWorking = (context: FocusRuleContext) =>
  context.held !== null && context.working === context.held;

const dom = () => false;

export const focusRuleMachine = setup({
  types: { context: {} as FocusRuleContext, events: {} as FocusRuleEvent },
  delays: { patience: PATIENCE_MS, hashPatience: HASH_PATIENCE_MS },
  actions: {
    hold: assign({ held: (_, held: Held) => held }),
    markWorking: assign({ working: ({ context }) => context.held }),
    takeArrival: assign({ arrival: (_, arrival: Arrival) => arrival }),
    awaitWork: assign(({ context }) => ({ worked: context.held, working: null })),
    placeAfterRemoval: () => {},
    placeAfterWork: () => {},
    placeArrival: (_, _when: { late: boolean }) => {},
    holdWhileWaiting: () => {},
  },
  guards: {
    // The page's, provided by installFocusRule (src/pages/shared/focus-rule.ts).
    /** Focus is on `<body>` and the held element was disabled while it held it. */
    isWorkLost: dom,
    /** Focus is on `<body>` and the held element is gone or no longer usable. */
    isHeldGone: dom,
    /** The disabled element's work has ended. */
    isWorkDone: dom,
    /** The new page shows its place for focus (the hash's target alone while not `late`). */
    isArrivalShown: (_, _when: { late: boolean }) => dom(),
    /** Focus is on `<body>` (or held by the rule). */
    isLost: dom,
    /** What last held focus is the element whose work is waited for. */
    isHeldWorked: ({ context }) => context.held !== null && context.held === context.worked,
  },
}).createMachine({
  id: 'focusRule',
  context: { held: null, working: null, worked: null, arrival: null },
  on: {
    'focus.in': { actions: { type: 'hold', params: ({ event }) => event.held } },
    'focus.disabled': { actions: 'markWorking' },
    'page.arrived': {
      target: '.arriving',
      reenter: true,
      actions: { type: 'takeArrival', params: ({ event }) => event.arrival },
    },
  },
  initial: 'idle',
  states: {
    // Rules 2 and 3, once the page has settled while focus is on `<body>`.
    idle: {
      on: {
        'page.settled': [
          { guard: 'isWorkLost', target: 'awaitingWork', actions: 'awaitWork' },
          { guard: 'isHeldGone', actions: 'placeAfterRemoval' },
        ],
      },
    },
    awaitingWork: {
      tags: ['waiting'],
      entry: 'holdWhileWaiting',
      always: { guard: 'isWorkDone', target: 'idle', actions: 'placeAfterWork' },
      on: {
        'page.settled': [
          { guard: 'isWorkLost', target: 'awaitingWork', reenter: true, actions: 'awaitWork' },
          { guard: and(['isHeldGone', not('isHeldWorked')]), actions: 'placeAfterRemoval' },
          { guard: 'isLost', actions: 'holdWhileWaiting' },
        ],
      },
      after: { patience: 'idle' },
    },
    // Rule 1: once the new page shows its place, focus goes there.
    arriving: {
      tags: ['waiting'],
      initial: 'early',
      after: { patience: 'idle' },
      on: { 'page.settled': { guard: 'isLost', actions: 'holdWhileWaiting' } },
      states: {
        early: {
          after: { hashPatience: 'late' },
          always: {
            guard: { type: 'isArrivalShown', params: { late: false } },
            target: '#focusRule.idle',
            actions: { type: 'placeArrival', params: { late: false } },
          },
        },
        late: {
          always: {
            guard: { type: 'isArrivalShown', params: { late: true } },
            target: '#focusRule.idle',
            actions: { type: 'placeArrival', params: { late: true } },
          },
        },
      },
    },
  },
});
