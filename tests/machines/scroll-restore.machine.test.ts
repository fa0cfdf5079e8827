import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor } from 'xstate';
import type { ScrollTarget } from '../../src/lib/scroll-target.js';
import {
  GIVE_UP_MS,
  SETTLE_MS,
  scrollRestoreMachine,
  selectRestoring,
} from '../../src/machines/scroll-restore.machine.js';
import { pathTitle, shortestPaths } from './paths.js';

const saved: ScrollTarget = { kind: 'position', left: 0, top: 4185 };
const holds: ScrollTarget = { kind: 'anchor', id: 'holds' };

const events = [
  { type: 'page.shown', target: saved },
  { type: 'page.shown', target: holds },
  { type: 'page.shown', target: null },
  { type: 'page.grew' },
  { type: 'page.settled' },
  { type: 'user.scrolled' },
  { type: 'xstate.after.GIVE_UP.scrollRestore.restoring' },
  { type: 'xstate.after.SETTLE.scrollRestore.settling' },
];

/** A restorer whose scrolls are written down instead of made. */
function recorded(clock = new SimulatedClock()) {
  const scrolls: ScrollTarget[] = [];
  const actor = createActor(
    scrollRestoreMachine.provide({ actions: { scrollTo: (_, target) => scrolls.push(target) } }),
    { clock },
  ).start();
  return { actor, scrolls, clock };
}

describe('scroll restore machine', () => {
  const paths = shortestPaths(scrollRestoreMachine, events);

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'moves the page only after a navigation with a place to land, until a moment after the content settles, the person scrolls or it gives up: %s',
    (_title, { state, steps }) => {
      const shown = steps.findLast((s) => s.event.type === 'page.shown')?.event;
      const after = shown ? steps.slice(steps.findLastIndex((s) => s.event === shown) + 1) : [];
      const ended = after.some((s) =>
        [
          'user.scrolled',
          'xstate.after.GIVE_UP.scrollRestore.restoring',
          'xstate.after.SETTLE.scrollRestore.settling',
        ].includes(s.event.type),
      );
      const target = shown && 'target' in shown ? (shown.target as ScrollTarget | null) : null;
      expect(selectRestoring(state)).toBe(target !== null && !ended);
      expect(state.context.target).toEqual(selectRestoring(state) ? target : null);
    },
  );

  it('Back restores the saved position again as the page grows, and once more when its sections have settled', () => {
    const { actor, scrolls, clock } = recorded();
    actor.send({ type: 'page.shown', target: saved });
    actor.send({ type: 'page.grew' });
    actor.send({ type: 'page.grew' });
    actor.send({ type: 'page.settled' });
    expect(scrolls).toEqual([saved, saved, saved, saved]);
    clock.increment(SETTLE_MS);
    actor.send({ type: 'page.grew' });
    expect(scrolls).toEqual([saved, saved, saved, saved]);
    expect(selectRestoring(actor.getSnapshot())).toBe(false);
  });

  it(`navigation guard rule 7: growth in the ${SETTLE_MS / 1000} s after the sections settle (blocks drawn anew, an image) still brings the page back to the saved position`, () => {
    const { actor, scrolls, clock } = recorded();
    actor.send({ type: 'page.shown', target: saved });
    actor.send({ type: 'page.settled' });
    clock.increment(SETTLE_MS - 1);
    actor.send({ type: 'page.grew' });
    expect(scrolls).toEqual([saved, saved, saved]);
    expect(selectRestoring(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'user.scrolled' });
    actor.send({ type: 'page.grew' });
    expect(scrolls).toEqual([saved, saved, saved]);
  });

  it("never fights the person's own scrolling: after they scroll, growth leaves the page where they put it", () => {
    const { actor, scrolls } = recorded();
    actor.send({ type: 'page.shown', target: saved });
    actor.send({ type: 'user.scrolled' });
    actor.send({ type: 'page.grew' });
    actor.send({ type: 'page.settled' });
    expect(scrolls).toEqual([saved]);
  });

  it(`gives up ${GIVE_UP_MS / 1000} seconds after the navigation if the content has not settled`, () => {
    const { actor, scrolls, clock } = recorded();
    actor.send({ type: 'page.shown', target: holds });
    clock.increment(GIVE_UP_MS - 1);
    actor.send({ type: 'page.grew' });
    expect(scrolls).toEqual([holds, holds]);
    clock.increment(1);
    actor.send({ type: 'page.grew' });
    expect(scrolls).toEqual([holds, holds]);
  });

  it('a new navigation replaces the place to land, and one with nowhere to land stops restoring', () => {
    const { actor, scrolls } = recorded();
    actor.send({ type: 'page.shown', target: saved });
    actor.send({ type: 'page.shown', target: holds });
    actor.send({ type: 'page.grew' });
    actor.send({ type: 'page.shown', target: null });
    actor.send({ type: 'page.grew' });
    expect(scrolls).toEqual([saved, holds, holds]);
  });
});
