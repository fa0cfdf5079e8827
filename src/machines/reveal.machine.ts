/**
 * When a page's first screen may show (portal.md §2 Layout, Dashboard "Top"): its parts that stand
 * above everything else — the emergency alerts over every page, the dashboard's hero and banner lines —
 * arrive from their own calls, and a part that arrives after the page below it would push that page
 * down while the student reads it. So the page waits, under the frame's loading placeholder, until
 * those parts are `reveal.ready`; a part that is slow does not hold the page longer than `patience`:
 * the page shows without it, and it takes its place when it comes.
 */
import { setup } from 'xstate';

/** How long a page waits for the parts above it before it shows without them. */
export const REVEAL_PATIENCE_MS = 1_500;

export type RevealEvent = { type: 'reveal.ready' };

export const revealMachine = setup({
  types: { events: {} as RevealEvent },
  delays: { patience: REVEAL_PATIENCE_MS },
}).createMachine({
  id: 'reveal',
  initial: 'waiting',
  states: {
    waiting: {
      on: { 'reveal.ready': 'shown' },
      after: { patience: 'shown' },
    },
    shown: { tags: ['shown'], type: 'final' },
  },
});

export const selectIsShown = (s: { hasTag: (tag: 'shown') => boolean }) => s.hasTag('shown');
