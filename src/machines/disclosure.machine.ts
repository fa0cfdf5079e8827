/**
 * A section that opens and closes (portal.md §2 Account page "Show profile info" / "Hide profile
 * info", §4 toggles). It starts open or closed as its container decides (the Account page: open at
 * 1200 px or more, or with #profile); `disclosure.open` opens it from outside, for an address that
 * names it while the page is already showing.
 */
import { setup } from 'xstate';

export type DisclosureEvent = { type: 'disclosure.toggle' } | { type: 'disclosure.open' };

export const disclosureMachine = setup({
  types: {
    context: {} as { openAtStart: boolean },
    input: {} as { open: boolean },
    events: {} as DisclosureEvent,
  },
  guards: { isOpenAtStart: ({ context }) => context.openAtStart },
}).createMachine({
  id: 'disclosure',
  context: ({ input }) => ({ openAtStart: input.open }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'isOpenAtStart', target: 'open' }, { target: 'closed' }] },
    closed: { on: { 'disclosure.toggle': 'open', 'disclosure.open': 'open' } },
    open: { tags: ['open'], on: { 'disclosure.toggle': 'closed' } },
  },
});

export const selectIsOpen = (snapshot: { hasTag: (tag: string) => boolean }) =>
  snapshot.hasTag('open');
