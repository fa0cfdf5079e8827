import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { focusRuleMachine, isHeldWorking } from '../../src/machines/focus-rule.machine.js';
import type { Arrival, FocusRuleContext, Held } from '../../src/machines/focus-rule.machine.js';
import { pathTitle, shortestPaths } from './paths.js';

const button: Held = { element: { name: 'Save' } };
const link: Held = { element: { name: 'a link' } };
const arrival: Arrival = {
  from: '/academics',
  fromSearch: '',
  hash: '',
  goingBack: true,
  arrivedAt: null,
};

/**
 * What the page would say, carried by the events here: whether focus is on `<body>` and the held
 * element still usable (page.settled), whether the work has ended or the new page shows its place
 * (page.changed, or none).
 */
interface Page {
  lost?: boolean;
  usable?: boolean;
  done?: boolean;
  shown?: boolean;
  late?: boolean;
}
const said = (event: unknown) => event as Page;
const placed: string[] = [];

const events = [
  { type: 'focus.in', held: button },
  { type: 'focus.in', held: link },
  { type: 'focus.disabled' },
  { type: 'page.arrived', arrival },
  { type: 'page.settled', lost: true, usable: false },
  { type: 'page.settled', lost: true, usable: true },
  { type: 'page.settled', lost: false },
  { type: 'page.changed', done: true, shown: true },
  { type: 'page.changed', shown: true, late: true },
  { type: 'page.changed' },
  { type: 'xstate.after.hashPatience.focusRule.arriving.early' },
  { type: 'xstate.after.patience.focusRule.arriving' },
  { type: 'xstate.after.patience.focusRule.awaitingWork' },
];

/** The rule with the page's answers read from the events, and where it placed focus recorded. */
const onTestPage = focusRuleMachine.provide({
  guards: {
    isWorkLost: ({ context, event }) => !!said(event).lost && isHeldWorking(context),
    isHeldGone: ({ context, event }) =>
      !!said(event).lost && context.held !== null && !said(event).usable,
    isWorkDone: ({ event }) => !!said(event).done,
    isLost: ({ event }) => !!said(event).lost,
    // The hash's target shows early; the page's heading or link only once late.
    isArrivalShown: ({ event }, { late }) => !!said(event).shown && (late || !said(event).late),
  },
  actions: {
    placeAfterRemoval: () => void placed.push('removal'),
    placeAfterWork: () => void placed.push('work'),
    placeArrival: () => void placed.push('arrival'),
  },
});

const waitingIn = (state: { matches: (v: never) => boolean }) =>
  state.matches('awaitingWork' as never) || state.matches('arriving' as never);

describe('the focus rule (issue 43: focus always has a place, for every page and action)', () => {
  const paths = shortestPaths(onTestPage, events);

  it('reaches idle, each wait for a new page, and the wait for a disabled element’s work', () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    expect(reached).toEqual(
      new Set(['"idle"', '"awaitingWork"', '{"arriving":"early"}', '{"arriving":"late"}']),
    );
  });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'only a wait is tagged waiting; a work wait holds the element it waits for, a page wait its arrival: %s',
    (_title, { state }) => {
      const context: FocusRuleContext = state.context;
      expect(state.hasTag('waiting')).toBe(waitingIn(state));
      if (state.matches('awaitingWork')) expect(context.worked).not.toBeNull();
      if (state.matches('arriving')) expect(context.arrival).not.toBeNull();
    },
  );

  it('a new page’s place for focus is waited for on each change, and focus goes there once it shows', () => {
    placed.length = 0;
    const rule = createActor(onTestPage).start();
    rule.send({ type: 'page.arrived', arrival });
    rule.send({ type: 'page.changed' });
    expect(rule.getSnapshot().hasTag('waiting')).toBe(true);
    rule.send({ type: 'page.changed', shown: true } as never);
    expect(rule.getSnapshot().matches('idle')).toBe(true);
    expect(placed).toEqual(['arrival']);
  });

  it('an element disabled while it held focus is waited for, and focus placed once its work ends', () => {
    placed.length = 0;
    const rule = createActor(onTestPage).start();
    rule.send({ type: 'focus.in', held: button });
    rule.send({ type: 'focus.disabled' });
    rule.send({ type: 'page.settled', lost: true } as never);
    expect(rule.getSnapshot().matches('awaitingWork')).toBe(true);
    rule.send({ type: 'page.changed', done: true } as never);
    expect(placed).toEqual(['work']);
    expect(rule.getSnapshot().matches('idle')).toBe(true);
  });
});
