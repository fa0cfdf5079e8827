/**
 * The frame's focus rule (issue 43): focus always has a place, for every page and every action,
 * without each component minding it.
 *
 * 1. A page change (the path changes) moves focus to the page's heading — the first visible
 *    `[data-page-focus]` in `main`, else its first visible `h1` — or, going back or up (Back, or a
 *    path that contains the one left), to the link in `main` that leads where the person came from;
 *    a hash in the address is its target instead. The new page's title is then said once in the
 *    frame's polite live region (`#page-announcer`). Focus moves without scrolling: where the page
 *    lands is the router's scroll restoration's business.
 * 2. When the element holding focus leaves the page (an item removed, a notice dismissed, a button
 *    that had done its work) focus goes to where it stood: the item now in its place in the same
 *    list (else the one before), else what is left of its item, else the status message of the
 *    nearest section or form still there, else that section's heading, else the page's heading.
 *    An element may name its own place with `data-focus-after` (an element's id).
 * 3. When it is disabled while it works (a Save button saving), focus waits; when the work ends
 *    it goes to the status message its form or section shows (saved, or what went wrong), else back
 *    to the element.
 *
 * Components that move focus themselves (the banner, the task list, dialogs, menus) do so first:
 * the rule only steps in while focus is on `<body>`.
 *
 * When each rule acts is src/machines/focus-rule.machine.ts's; where focus goes, focus-places.ts's.
 * This file runs the rule's actor for an app's router and tells it what the page and router do.
 */

import { createActor } from 'xstate';
import { focusRuleMachine, isHeldWorking } from '../../machines/focus-rule.machine.js';
import type { Arrival, Held } from '../../machines/focus-rule.machine.js';
import {
  announce,
  arrivalTarget,
  hold,
  holdingPlace,
  isHolding,
  isPlacedByRule,
  isUsable,
  lost,
  place,
  placeAfterRemoval,
  placeAfterWork,
  standingOf,
} from './focus-places.js';
import type { Standing } from './focus-places.js';

/** What the router tells the rule: a page shown, and how the history moved to it. */
export interface FocusRuleRouter {
  subscribe: (
    event: 'onResolved',
    fn: (event: {
      pathChanged: boolean;
      fromLocation?: { pathname: string; searchStr: string };
      toLocation: { pathname: string; hash: string };
    }) => void,
  ) => () => void;
  history: { subscribe: (fn: (args: { action: { type: string } }) => void) => () => void };
}

const standing = (held: Held | null) => held as Standing;

/** The rule's chart with the page's places. */
const focusRuleOnPage = focusRuleMachine.provide({
  guards: {
    isWorkLost: ({ context }) => lost() && isHeldWorking(context),
    isHeldGone: ({ context }) =>
      lost() && context.held !== null && !isUsable(standing(context.held).element),
    isWorkDone: ({ context }) => {
      const { element } = standing(context.worked);
      return !(element.matches(':disabled') && element.isConnected);
    },
    isArrivalShown: ({ context }, { late }) =>
      arrivalTarget(context.arrival as Arrival, late) !== null,
    isLost: () => lost(),
  },
  actions: {
    placeAfterRemoval: ({ context }) => {
      const target = placeAfterRemoval(standing(context.held));
      if (target) place(target);
      else holdNear(null);
    },
    holdWhileWaiting: ({ context }) => {
      if (lost()) holdNear(context.worked ?? context.held);
    },
    placeAfterWork: ({ context }) => {
      if (!lost()) return;
      const target = placeAfterWork(standing(context.worked));
      if (target) place(target);
    },
    placeArrival: ({ context }, { late }) => {
      const arrival = context.arrival as Arrival;
      const target = arrivalTarget(arrival, late);
      // The person has gone on by themselves while the page loaded: leave them there.
      const active = document.activeElement;
      const own = active !== arrival.arrivedAt && !lost() && !isPlacedByRule();
      if (own && active?.isConnected) return;
      if (target) place(target);
      announce();
    },
  },
});

/** Holds focus near where `from` stood (issue 76): its section, else the page's heading, else `main`. */
function holdNear(from: Held | null) {
  const target = holdingPlace(from ? standing(from) : null);
  if (target && !isHolding(document.activeElement)) hold(target);
}

/**
 * Installs the rule on the document for an app's router; returns what removes it.
 */
export function installFocusRule(router: FocusRuleRouter): () => void {
  const rule = createActor(focusRuleOnPage).start();
  const held = () => rule.getSnapshot().context.held as Standing | null;

  const onFocusIn = (event: FocusEvent) => {
    // Where the rule holds focus is not where the person was.
    if (isHolding(event.target)) return;
    if (event.target instanceof HTMLElement && event.target !== document.body) {
      rule.send({ type: 'focus.in', held: standingOf(event.target) });
    }
  };

  // The waits look again on each change to the page.
  const changes = new MutationObserver(() => rule.send({ type: 'page.changed' }));
  changes.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['disabled', 'hidden', 'class', 'inert', 'aria-busy'],
  });

  // Focus lost (its element removed, hidden or disabled): the rule acts at once, in the same task,
  // so focus never rests on `<body>` (issue 76); components that place focus themselves have done so
  // in their effects by then.
  const settleNow = () => {
    if (lost() && !isHolding(document.activeElement)) rule.send({ type: 'page.settled' });
  };
  const onFocusOut = (event: FocusEvent) => {
    if (event.relatedTarget === null) queueMicrotask(settleNow);
  };

  // Rules 2 and 3: checked after every change to the page, once the components have had their say.
  let settleQueued = false;
  const observer = new MutationObserver((records) => {
    const focused = held();
    if (
      focused &&
      records.some((r) => r.attributeName === 'disabled' && r.target === focused.element) &&
      focused.element.matches(':disabled')
    ) {
      rule.send({ type: 'focus.disabled' });
    }
    settleNow();
    if (settleQueued) return;
    settleQueued = true;
    // After React's effects of the same change (which may place focus themselves).
    requestAnimationFrame(() =>
      setTimeout(() => {
        settleQueued = false;
        rule.send({ type: 'page.settled' });
      }),
    );
  });
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['disabled', 'hidden', 'inert'],
  });
  document.addEventListener('focusin', onFocusIn);
  document.addEventListener('focusout', onFocusOut);

  // Rule 1.
  let lastAction = 'PUSH';
  const stopHistory = router.history.subscribe(({ action }) => {
    lastAction = action.type;
  });
  const stopRouter = router.subscribe('onResolved', (event) => {
    const action = lastAction;
    lastAction = 'PUSH';
    if (!event.pathChanged || !event.fromLocation) return;
    const from = event.fromLocation.pathname;
    const to = event.toLocation.pathname;
    rule.send({
      type: 'page.arrived',
      arrival: {
        from,
        fromSearch: event.fromLocation.searchStr,
        hash: event.toLocation.hash,
        goingBack: isGoingBack(from, to, action),
        arrivedAt: document.activeElement,
      },
    });
  });

  return () => {
    rule.stop();
    changes.disconnect();
    observer.disconnect();
    document.removeEventListener('focusin', onFocusIn);
    document.removeEventListener('focusout', onFocusOut);
    stopHistory();
    stopRouter();
  };
}

/**
 * Back, or up to a page whose path contains the one left (a post to its list). The app's root is
 * no one's parent: choosing Dashboard from the menu is a new page, whose heading takes focus
 * (issue 57), not a link on it to where the person was.
 */
export function isGoingBack(from: string, to: string, action: string): boolean {
  if (action === 'BACK') return true;
  const parent = to.replace(/\/$/, '');
  return parent !== '' && from !== to && from.startsWith(`${parent}/`);
}
