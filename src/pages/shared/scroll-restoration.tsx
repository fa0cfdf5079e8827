import { useElementScrollRestoration, useRouterState } from '@tanstack/react-router';
import { createContext, useContext, useLayoutEffect } from 'react';
import type { ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import { scrollTargetOf } from '../../lib/scroll-target.js';
import type { ScrollTarget } from '../../lib/scroll-target.js';
import { scrollRestoreMachine, selectRestoring } from '../../machines/scroll-restore.machine.js';
import { useOnce } from './use-once.js';
import { useActorRef } from '../../inspector/use-actor-ref.js';

/**
 * The content of the page still on its way: each section holds it while it loads. When the last
 * hold is released — checked once the render that released it is done, so a section that settles
 * and mounts the next one in the same render does not count as the page having settled —
 * `onSettled` runs.
 */
export interface PendingContent {
  hold: () => () => void;
  isSettled: () => boolean;
}

export function createPendingContent(onSettled: () => void): PendingContent {
  let pending = 0;
  let checking = false;
  const check = () => {
    checking = false;
    if (pending === 0) onSettled();
  };
  return {
    hold() {
      pending += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        pending -= 1;
        if (pending === 0 && !checking) {
          checking = true;
          queueMicrotask(check);
        }
      };
    },
    isSettled: () => pending === 0,
  };
}

const PendingContentContext = createContext<PendingContent | null>(null);

/**
 * Marks the calling section's content as still on its way while `loading`: the page's saved scroll
 * position is restored once every such section has settled. Outside `<ScrollAfterContent>`
 * (component tests) it does nothing.
 */
export function usePendingContent(loading: boolean): void {
  const content = useContext(PendingContentContext);
  // A layout effect: the hold is in place before the router reports the page rendered.
  useLayoutEffect(() => (loading && content ? content.hold() : undefined), [loading, content]);
}

function scrollToTarget(target: ScrollTarget) {
  if (target.kind === 'anchor') {
    document.getElementById(target.id)?.scrollIntoView();
  } else if (window.scrollX !== target.left || window.scrollY !== target.top) {
    window.scrollTo({ left: target.left, top: target.top });
  }
}

/** What a person does that scrolls, or shows they have taken over the page. */
const USER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * portal.md §2 step 7 once the content has loaded. The router scrolls to the hash, the saved
 * position or the top as soon as a page first renders; pages load their sections after that, so a
 * long page is still short then. This keeps going to the same place (the router's own saved entry
 * for this history entry, read with `useElementScrollRestoration`) as the page grows, until its
 * sections have settled (`usePendingContent`), the person scrolls, or GIVE_UP_MS passes. `pending`
 * counts as one more section still loading (the frame's own placeholder).
 */
export function ScrollAfterContent({
  pending = false,
  children,
}: {
  pending?: boolean;
  children: ReactNode;
}) {
  const restorer = useActorRef(
    scrollRestoreMachine.provide({ actions: { scrollTo: (_, target) => scrollToTarget(target) } }),
  );
  const content = useOnce(() =>
    createPendingContent(() => restorer.send({ type: 'page.settled' })),
  );
  const location = useRouterState({ select: (s) => s.resolvedLocation });
  // The window's position the router saved for the history entry now shown.
  const saved = useElementScrollRestoration({ getElement: () => window });

  useLayoutEffect(() => (pending ? content.hold() : undefined), [pending, content]);

  // A layout effect: the target is set in the commit that shows the page, before any input can
  // come (a wheel read between that commit and a passive effect's turn was taken as scrolling
  // before the page was shown, and the page was then sent back down: e2e/scroll-restoration).
  useLayoutEffect(() => {
    if (!location) return;
    restorer.send({ type: 'page.shown', target: scrollTargetOf(location.hash, saved) });
    if (content.isSettled()) restorer.send({ type: 'page.settled' });
    // Once per rendered navigation; `saved` is read for that location.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location, restorer, content]);

  useLayoutEffect(() => {
    const scrolled = () => restorer.send({ type: 'user.scrolled' });
    for (const type of USER_INPUT) window.addEventListener(type, scrolled, { passive: true });
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => restorer.send({ type: 'page.grew' }));
    observer?.observe(document.body);
    // While the page is being brought to its saved position, the browser's scroll anchoring is off:
    // on the two-column dashboard it kept one column still when the other changed size, and moved
    // the page 12–32 px from the position just restored, with no resize to restore it again. (An
    // anchor's target keeps it: there the browser holding the element in place is what is wanted.)
    const anchor = (restoring: boolean) => {
      for (const scroller of [document.documentElement, document.body])
        scroller.style.overflowAnchor = restoring ? 'none' : '';
    };
    const toPosition = (s: SnapshotFrom<typeof scrollRestoreMachine>) =>
      selectRestoring(s) && s.context.target?.kind === 'position';
    anchor(toPosition(restorer.getSnapshot()));
    const anchoring = restorer.subscribe((s) => anchor(toPosition(s)));
    return () => {
      for (const type of USER_INPUT) window.removeEventListener(type, scrolled);
      observer?.disconnect();
      anchoring.unsubscribe();
      anchor(false);
    };
  }, [restorer]);

  return (
    <PendingContentContext.Provider value={content}>{children}</PendingContentContext.Provider>
  );
}
