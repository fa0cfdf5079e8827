import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor } from 'xstate';
import {
  REVEAL_PATIENCE_MS,
  revealMachine,
  selectIsShown,
} from '../../src/machines/reveal.machine.js';
import { pathTitle, shortestPaths } from './paths.js';

const events = [{ type: 'reveal.ready' }, { type: 'xstate.after.patience.reveal.waiting' }];

describe('reveal machine', () => {
  const paths = shortestPaths(revealMachine, events);

  it('reaches waiting and shown', () => {
    expect(new Set(paths.map((p) => String(p.state.value)))).toEqual(new Set(['waiting', 'shown']));
  });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'a page shows once the parts above it are ready or patience ran out, and never hides again: %s',
    (_title, { state, steps }) => {
      const ready = steps.some(
        (s) => s.event.type === 'reveal.ready' || s.event.type.startsWith('xstate.after'),
      );
      expect(selectIsShown(state)).toBe(ready);
    },
  );

  it('the page waits for the parts above it at most 1.5 seconds', () => {
    const clock = new SimulatedClock();
    const reveal = createActor(revealMachine, { clock }).start();
    clock.increment(REVEAL_PATIENCE_MS - 1);
    expect(selectIsShown(reveal.getSnapshot())).toBe(false);
    clock.increment(1);
    expect(selectIsShown(reveal.getSnapshot())).toBe(true);
    reveal.send({ type: 'reveal.ready' });
    expect(selectIsShown(reveal.getSnapshot())).toBe(true);
  });

  it('shows at once when the parts above are ready before patience runs out', () => {
    const clock = new SimulatedClock();
    const reveal = createActor(revealMachine, { clock }).start();
    clock.increment(100);
    reveal.send({ type: 'reveal.ready' });
    expect(selectIsShown(reveal.getSnapshot())).toBe(true);
  });
});
