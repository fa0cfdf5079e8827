/**
 * Scrolling once a page's content has loaded (portal.md §2 step 7: the hash anchor if present, else
 * the saved position, else the top). The router scrolls as soon as a page first renders; a page
 * whose sections load after that is still short then, so the router's saved position or anchor is
 * out of reach. After each navigation this machine takes the place to land on — the anchor of the
 * address's hash, else the position the router saved for this history entry, else nothing (the
 * router's top stands) — and goes there again whenever the page grows and once every section has
 * settled. It gives up after GIVE_UP_MS, and at once when the person scrolls for themselves: it
 * never fights their own scrolling. Once the sections have settled, what they show may still take
 * its size (a block drawn anew in the person's own arrangement, an image, a font): for SETTLE_MS
 * more, growth still brings the page back to its place (navigation guard rule 7: a dashboard whose
 * blocks settle late landed 180–540 px off).
 */
import { assign, setup } from 'xstate';
import type { ScrollTarget } from '../lib/scroll-target.js';

export interface ScrollRestoreContext {
  target: ScrollTarget | null;
}

export type ScrollRestoreEvent =
  /** A navigation has rendered; `target` is where it should land (null: nowhere in particular). */
  | { type: 'page.shown'; target: ScrollTarget | null }
  /** The page's content changed size (a section arrived). */
  | { type: 'page.grew' }
  /** Every section of the page has settled: loaded, empty or failed. */
  | { type: 'page.settled' }
  /** The person scrolled (wheel, touch, keyboard, a click on the page or its scroll bar). */
  | { type: 'user.scrolled' };

/** How long a page's content may take to arrive before the saved place is given up. */
export const GIVE_UP_MS = 4_000;
/** How long after the sections have settled the page's growth still brings it back to its place. */
export const SETTLE_MS = 1_000;

export const scrollRestoreMachine = setup({
  types: { context: {} as ScrollRestoreContext, events: {} as ScrollRestoreEvent },
  delays: { GIVE_UP: GIVE_UP_MS, SETTLE: SETTLE_MS },
  actions: {
    /** Scrolls the window to the target; provided by the container. */
    scrollTo: (_, _target: ScrollTarget) => {},
  },
  guards: {
    hasTarget: (_, target: ScrollTarget | null) => target !== null,
  },
}).createMachine({
  id: 'scrollRestore',
  context: { target: null },
  initial: 'idle',
  on: {
    'page.shown': [
      {
        guard: { type: 'hasTarget', params: ({ event }) => event.target },
        target: '.restoring',
        actions: assign({ target: ({ event }) => event.target }),
      },
      { target: '.idle', actions: assign({ target: null }) },
    ],
  },
  states: {
    idle: {},
    restoring: {
      tags: ['restoring'],
      entry: { type: 'scrollTo', params: ({ context }) => targetOf(context) },
      after: { GIVE_UP: { target: 'idle', actions: assign({ target: null }) } },
      on: {
        'page.grew': { actions: { type: 'scrollTo', params: ({ context }) => targetOf(context) } },
        'page.settled': { target: 'settling' },
        'user.scrolled': { target: 'idle', actions: assign({ target: null }) },
      },
    },
    settling: {
      tags: ['restoring'],
      entry: { type: 'scrollTo', params: ({ context }) => targetOf(context) },
      after: { SETTLE: { target: 'idle', actions: assign({ target: null }) } },
      on: {
        'page.grew': { actions: { type: 'scrollTo', params: ({ context }) => targetOf(context) } },
        'user.scrolled': { target: 'idle', actions: assign({ target: null }) },
      },
    },
  },
});

function targetOf(context: ScrollRestoreContext): ScrollTarget {
  if (!context.target) throw new Error('restoring without a target');
  return context.target;
}

/** Whether the machine still means to move the page. */
export const selectRestoring = (s: { hasTag: (tag: string) => boolean }) => s.hasTag('restoring');
